/**
 * A tiny local SMTP relay for tests (what a shop's relay answers, no more): it records accepted messages by subject,
 * can be taken down (connection refused) and brought back, made to refuse or defer recipients, or slowed.
 */
import net from 'node:net';

type RelayMode = 'accept' | 'refuse-rcpt' | 'busy-rcpt';

/**
 * A relay on a fixed port that records accepted messages by subject; `down()` closes the port (connection refused),
 * `up()` opens it again. `holdEndOfData` delays the 250 after the final dot (a slow relay, to widen races).
 */
export async function relay() {
  const accepted: string[] = [];
  let mode: RelayMode = 'accept';
  let holdEndOfData = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let inData = false;
    let subject = '';
    let buffer = '';
    socket.write('220 relay.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line.startsWith('Subject: ')) subject = line.slice(9);
          if (line === '.') {
            inData = false;
            const done = subject;
            setTimeout(() => {
              accepted.push(done);
              socket.write('250 queued\r\n');
            }, holdEndOfData);
          }
        } else if (line.startsWith('RCPT') && mode === 'refuse-rcpt') socket.write('550 5.1.1 no such user\r\n');
        else if (line.startsWith('RCPT') && mode === 'busy-rcpt') socket.write('451 4.3.0 try again later\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  let listening = true;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    setMode: (m: RelayMode) => (mode = m),
    hold: (ms: number) => (holdEndOfData = ms),
    async down() {
      if (!listening) return;
      listening = false;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      if (listening) return;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      listening = true;
    },
  };
}


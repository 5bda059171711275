/** Text for HTML content and double-quoted attribute values (server-written HTML: the first view, order e-mails). */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

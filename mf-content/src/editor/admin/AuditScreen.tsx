/** /redaksjon/logg (admins): every write in the workspace, newest first, filtered by what and who, 50 a page. */
import { useState } from 'react';
import { getAuditLog, getStaffAccounts } from '@shop/contracts/api';
import type { AuditQuery } from '@shop/contracts/types';
import { Button, Notice, SelectField } from '../ui/index.js';
import { actionWords, AUDIT_ENTITIES, auditDetail, entityWords, osloDateTime } from './rules.js';
import type { SectionScreenProps } from './screenProps.js';
import { texts } from './texts.js';
import { useReloadable } from './reloadable.js';
import styles from './admin.module.css';

const t = texts.audit;

export function AuditScreen(_props: SectionScreenProps) {
  const [query, setQuery] = useState<AuditQuery>({ page: 1 });
  const log = useReloadable(() => getAuditLog(query), [query]);
  // Who can be chosen: the staff accounts (a name in the log outlives its account; the filter needs the id).
  const staff = useReloadable(() => getStaffAccounts(), []);
  const filter = (change: AuditQuery) => setQuery((q) => ({ ...q, ...change, page: 1 }));
  const page = log.state.status === 'ready' ? log.state.data.meta : null;

  return (
    <section className={styles.screen} aria-labelledby="audit-title">
      <h2 id="audit-title">{t.title}</h2>
      <p className={styles.intro}>{t.intro}</p>
      <div className={styles.filters} role="group" aria-label={t.filters}>
        <SelectField label={t.entity} value={query.entity ?? ''} onChange={(e) => filter({ entity: e.target.value || undefined })}>
          <option value="">{t.all}</option>
          {AUDIT_ENTITIES.map((type) => (
            <option key={type} value={type}>
              {entityWords(type)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t.actor} value={query.actor ?? ''} onChange={(e) => filter({ actor: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">{t.all}</option>
          {staff.state.status === 'ready' &&
            staff.state.data.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
        </SelectField>
      </div>
      {log.state.status === 'loading' && <p role="status">{texts.loading}</p>}
      {log.state.status === 'failed' && <Notice tone="error">{texts.loadFailed}</Notice>}
      {log.state.status === 'ready' &&
        (log.state.data.data.length === 0 ? (
          <p>{query.entity || query.actor ? t.none : t.empty}</p>
        ) : (
          // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t.tableLabel}>
            <table className={styles.table} data-testid="audit-log">
              <thead>
                <tr>
                  <th scope="col">{t.when}</th>
                  <th scope="col">{t.who}</th>
                  <th scope="col">{t.action}</th>
                  <th scope="col">{t.what}</th>
                  <th scope="col">{t.detail}</th>
                </tr>
              </thead>
              <tbody>
                {log.state.data.data.map((entry) => (
                  <tr key={entry.id}>
                    <td className={styles.nowrap}>
                      <time dateTime={entry.created_at}>{osloDateTime(entry.created_at)}</time>
                    </td>
                    <td>{entry.actor_name}</td>
                    <td>{actionWords(entry.action)}</td>
                    <td>
                      {entityWords(entry.entity_type)} {entry.entity_key}
                    </td>
                    <td>{auditDetail(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {page && page.last_page > 1 && (
        <nav className={styles.pager} aria-label={t.pages}>
          <Button variant="secondary" small disabled={page.current_page <= 1} onClick={() => setQuery((q) => ({ ...q, page: page.current_page - 1 }))}>
            {texts.previous}
          </Button>
          <span>{texts.pageOf(page.current_page, page.last_page)}</span>
          <Button variant="secondary" small disabled={page.current_page >= page.last_page} onClick={() => setQuery((q) => ({ ...q, page: page.current_page + 1 }))}>
            {texts.next}
          </Button>
        </nav>
      )}
    </section>
  );
}

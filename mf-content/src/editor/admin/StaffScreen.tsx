/**
 * /redaksjon/ansatte (admins): staff accounts; invite by e-mail (and withdraw an invitation), change the role,
 * deactivate (logged out everywhere at once) and reactivate. The API refuses an admin changing their own account; the screen does not offer it.
 */
import { useRef, useState, type FormEvent } from 'react';
import { getStaffAccounts, inviteStaff, updateStaffAccount, withdrawStaffInvite } from '@shop/contracts/api';
import type { StaffAccount, StaffAccountUpdate } from '@shop/contracts/types';
import { Button, FieldGroup, Notice, SelectField, TextField } from '../ui/index.js';
import { Confirmation } from './Confirmation.js';
import { ASSIGNABLE_ROLES, checkInvite, roleLabel, staffPermissions, staffState, type AssignableRole, type InviteForm } from './rules.js';
import type { SectionScreenProps } from './screenProps.js';
import { texts } from './texts.js';
import { refusalOf, useReloadable } from './reloadable.js';
import { ListScreen, useListMessage, type ListMessage } from './ListScreen.js';
import styles from './admin.module.css';

const t = texts.staff;

export function StaffScreen({ session }: SectionScreenProps) {
  const { state, reload } = useReloadable(() => getStaffAccounts(), []);
  const { message, report, clear } = useListMessage(reload);
  return (
    <ListScreen
      id="staff"
      title={t.title}
      intro={t.intro}
      message={message}
      state={state}
      none={t.none}
      listLabel={t.listLabel}
      row={(account) => <StaffRow key={account.id} account={account} selfId={session.id} onDone={report} onStart={clear} />}
      after={<InviteStaff onInvited={(email) => report({ tone: 'success', text: t.invited(email) })} onStart={clear} />}
    />
  );
}

function StaffRow({ account, selfId, onDone, onStart }: { account: StaffAccount; selfId: number; onDone: (m: ListMessage) => Promise<void>; onStart: () => void }) {
  const may = staffPermissions(account, selfId);
  const state = staffState(account);
  const [role, setRole] = useState(account.role);
  /** Which of the card's two confirmations is open, if any. */
  const [confirming, setConfirming] = useState<'deactivate' | 'withdraw' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deactivateButton = useRef<HTMLButtonElement>(null);
  const withdrawButton = useRef<HTMLButtonElement>(null);

  const act = async (call: () => Promise<string>) => {
    onStart();
    setError(null);
    setBusy(true);
    try {
      const success = await call();
      setConfirming(null);
      await onDone({ tone: 'success', text: success });
    } catch (failure) {
      setError(refusalOf(failure, [], texts.failed).message);
    } finally {
      setBusy(false);
    }
  };
  const update = (input: StaffAccountUpdate, success: (a: StaffAccount) => string) => act(async () => success(await updateStaffAccount(account.id, input)));
  const withdraw = () =>
    act(async () => {
      await withdrawStaffInvite(account.id);
      return t.withdrawn(account.email);
    });
  /** Closes a confirmation and gives the focus back to the button that opened it. */
  const cancel = (opener: { current: HTMLButtonElement | null }) => {
    setConfirming(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const saveRole = (event: FormEvent) => {
    event.preventDefault();
    void update({ role: role as AssignableRole }, (a) => t.roleSaved(a.name, roleLabel(a.role)));
  };

  return (
    <li className={styles.card} data-testid="staff-account">
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{account.name}</h3>
        <span className={styles.pill} data-state={state}>
          {t.status[state]}
        </span>
      </div>
      <p className={styles.meta}>
        {account.email} · {roleLabel(account.role)}
      </p>
      {account.invited_role && account.invited_role !== account.role && <p className={styles.meta}>{t.invitedAs(roleLabel(account.invited_role))}</p>}
      {account.id === selfId && <p className={styles.meta}>{t.you}</p>}
      {error && <Notice tone="error">{error}</Notice>}
      {may.changeRole && (
        <form onSubmit={saveRole} className={styles.inline}>
          <SelectField label={t.roleFor(account.name)} value={role} onChange={(e) => setRole(e.target.value)}>
            {ASSIGNABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary" small disabled={busy || role === account.role}>
            {t.saveRole}
          </Button>
        </form>
      )}
      {(may.deactivate || may.withdrawInvite) && confirming === null && (
        <div className={styles.actions}>
          {may.withdrawInvite && (
            <Button
              ref={withdrawButton}
              variant="secondary"
              small
              aria-label={t.withdrawLabel(account.name)}
              onClick={() => {
                onStart();
                setConfirming('withdraw');
              }}
            >
              {t.withdraw}
            </Button>
          )}
          {may.deactivate && (
            <Button
              ref={deactivateButton}
              variant="danger"
              small
              aria-label={t.deactivateLabel(account.name)}
              onClick={() => {
                onStart();
                setConfirming('deactivate');
              }}
            >
              {t.deactivate}
            </Button>
          )}
        </div>
      )}
      {may.withdrawInvite && confirming === 'withdraw' && (
        <Confirmation
          label={t.withdrawLabel(account.name)}
          question={t.confirmWithdraw(account.email)}
          confirm={t.confirmWithdrawButton}
          busy={busy}
          onConfirm={() => void withdraw()}
          onCancel={() => cancel(withdrawButton)}
        />
      )}
      {may.deactivate && confirming === 'deactivate' && (
        <Confirmation
          label={t.deactivateLabel(account.name)}
          question={t.confirmDeactivate(account.name)}
          confirm={t.confirmDeactivateButton}
          busy={busy}
          onConfirm={() => void update({ active: false }, (a) => t.deactivated(a.name))}
          onCancel={() => cancel(deactivateButton)}
        />
      )}
      {may.reactivate && (
        <div className={styles.actions}>
          <Button variant="secondary" small disabled={busy} aria-label={t.reactivateLabel(account.name)} onClick={() => void update({ active: true }, (a) => t.reactivated(a.name))}>
            {t.reactivate}
          </Button>
        </div>
      )}
    </li>
  );
}

const EMPTY_INVITE: InviteForm = { email: '', first_name: '', last_name: '', role: 'staff' };
const INVITE_FIELDS = ['email', 'first_name', 'last_name', 'role'] as const;

function InviteStaff({ onInvited, onStart }: { onInvited: (email: string) => Promise<void>; onStart: () => void }) {
  const [form, setForm] = useState<InviteForm>(EMPTY_INVITE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (field: keyof InviteForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const focusFirstError = (fields: Record<string, string>) => {
    const first = INVITE_FIELDS.find((f) => fields[f]);
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onStart();
    setFailure(null);
    const { errors: local, input } = checkInvite(form);
    setErrors(local);
    if (Object.keys(local).length > 0) return focusFirstError(local);
    setBusy(true);
    try {
      const invited = await inviteStaff(input);
      setForm(EMPTY_INVITE);
      await onInvited(invited.email);
    } catch (error) {
      const refusal = refusalOf(error, INVITE_FIELDS, texts.failed);
      setErrors(refusal.fields);
      setFailure(refusal.message);
      focusFirstError(refusal.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className={styles.form}>
      <FieldGroup legend={t.inviteLegend}>
        <p className={styles.meta}>{t.inviteHint}</p>
        <TextField label={t.email} name="email" type="email" autoComplete="off" value={form.email} onChange={set('email')} error={errors.email} maxLength={254} />
        <div className={styles.grid2}>
          <TextField label={t.firstName} name="first_name" autoComplete="off" value={form.first_name} onChange={set('first_name')} error={errors.first_name} maxLength={100} />
          <TextField label={t.lastName} name="last_name" autoComplete="off" value={form.last_name} onChange={set('last_name')} error={errors.last_name} maxLength={100} />
        </div>
        <SelectField label={t.role} name="role" value={form.role} onChange={set('role')} error={errors.role}>
          {ASSIGNABLE_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </SelectField>
        {failure && <Notice tone="error">{failure}</Notice>}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? texts.saving : t.invite}
          </Button>
        </div>
      </FieldGroup>
    </form>
  );
}

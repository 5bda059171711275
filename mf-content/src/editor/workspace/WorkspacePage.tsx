import { useEffect, useState, type ComponentType } from 'react';
import { Link, NavLink, useParams } from 'react-router-dom';
import { ApiError, getEditorSession } from '@shop/contracts/api';
import { pathFor } from '@shop/contracts/routes';
import type { ContentType, EditorSession } from '@shop/contracts/types';
import { ADMIN_ROLES } from '@shop/contracts/constants';
import { Notice } from '../ui/index.js';
import { AcceptInviteScreen } from '../admin/AcceptInviteScreen.js';
import { AuditScreen } from '../admin/AuditScreen.js';
import { CategoriesScreen } from '../admin/CategoriesScreen.js';
import { StaffScreen } from '../admin/StaffScreen.js';
import { HomeLayoutEditor } from '../home/HomeLayoutEditor.js';
import { PageEditor } from '../pages/PageEditor.js';
import { PollEditor } from '../polls/PollEditor.js';
import { PostEditor } from '../posts/PostEditor.js';
import type { ItemEditorProps } from './itemEditor.js';
import { ItemScreen } from './ItemScreen.js';
import { Overview } from './Overview.js';
import { SECTION_SEGMENTS, TYPE_SEGMENTS, editorPaths } from './paths.js';
import { texts } from './texts.js';
import styles from './workspace.module.css';

type Access = { status: 'checking' } | { status: 'staff'; session: EditorSession } | { status: 'login' } | { status: 'forbidden' } | { status: 'failed' };

/** Each kind of content's editor, mounted by the item screen. */
const EDITORS: Record<ContentType, ComponentType<ItemEditorProps>> = {
  'blog-post': PostEditor,
  page: PageEditor,
  poll: PollEditor,
  'home-layout': HomeLayoutEditor,
};

const isAdmin = (session: EditorSession) => (ADMIN_ROLES as readonly string[]).includes(session.role);

const TYPE_OF_SEGMENT = new Map(Object.entries(TYPE_SEGMENTS).map(([type, segment]) => [segment as string, type as ContentType]));

/** The section the address names (/redaksjon/{section}/{key}: the shell's route gives both params). */
function Section({ session, admin }: { session: EditorSession; admin: boolean }) {
  const { section, key } = useParams();
  if (section === undefined) return <Overview session={session} />;
  const type = TYPE_OF_SEGMENT.get(section);
  if (type && key !== undefined) return <ItemScreen key={`${type}/${key}`} type={type} itemKey={key} session={session} Editor={EDITORS[type]} />;
  if (key === undefined && section === SECTION_SEGMENTS.categories) return <CategoriesScreen session={session} />;
  if (key === undefined && section === SECTION_SEGMENTS.staff) return admin ? <StaffScreen session={session} /> : <Notice tone="error">{texts.adminOnly}</Notice>;
  if (key === undefined && section === SECTION_SEGMENTS.audit) return admin ? <AuditScreen session={session} /> : <Notice tone="error">{texts.adminOnly}</Notice>;
  return (
    <Notice tone="error">
      {texts.notFound} <Link to={editorPaths.overview()}>{texts.navOverview}</Link>
    </Notice>
  );
}

function Workspace({ session }: { session: EditorSession }) {
  const admin = isAdmin(session);
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink);
  return (
    <div className={styles.workspace}>
      <nav aria-label={texts.navLabel} className={styles.nav}>
        <NavLink end to={editorPaths.overview()} className={navClass}>
          {texts.navOverview}
        </NavLink>
        <NavLink to={editorPaths.section('categories')} className={navClass}>
          {texts.navCategories}
        </NavLink>
        {admin && (
          <>
            <NavLink to={editorPaths.section('staff')} className={navClass}>
              {texts.navStaff}
            </NavLink>
            <NavLink to={editorPaths.section('audit')} className={navClass}>
              {texts.navAudit}
            </NavLink>
          </>
        )}
        <span className={styles.who}>{texts.signedInAs(session.name)}</span>
      </nav>
      <Section session={session} admin={admin} />
    </div>
  );
}

/** /redaksjon/…: the editors' workspace for staff with a content role (the API checks the role on every call). */
export function WorkspacePage() {
  const { section } = useParams();
  return section === SECTION_SEGMENTS.invite ? (
    <div className={styles.page}>
      <AcceptInviteScreen />
    </div>
  ) : (
    <SignedInWorkspace />
  );
}

function SignedInWorkspace() {
  const [access, setAccess] = useState<Access>({ status: 'checking' });
  useEffect(() => {
    getEditorSession().then(
      (session) => setAccess({ status: 'staff', session }),
      (error: unknown) => {
        const status = error instanceof ApiError ? error.status : undefined;
        setAccess({ status: status === 401 ? 'login' : status === 403 ? 'forbidden' : 'failed' });
      },
    );
  }, []);

  return (
    <div className={styles.page}>
      <h1>{texts.title}</h1>
      {access.status === 'checking' && <p role="status">{texts.loading}</p>}
      {access.status === 'login' && (
        <>
          <p role="alert">{texts.login}</p>
          <p>
            <Link to={pathFor('login')}>{texts.loginLink}</Link>
          </p>
        </>
      )}
      {access.status === 'forbidden' && <p role="alert">{texts.forbidden}</p>}
      {access.status === 'failed' && <p role="alert">{texts.loadFailed}</p>}
      {access.status === 'staff' && <Workspace session={access.session} />}
    </div>
  );
}

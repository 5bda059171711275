/**
 * What the preview banner says about a piece of content an editor previews at its real address (the API adds
 * `preview` to its answer only for an editor's session): whether shoppers see it, its status in words, when a
 * scheduled one goes live (Europe/Oslo, whatever the browser's zone, so the server and hydration agree), and where
 * to edit it in the workspace.
 */
import type { ContentPreview, ContentType } from '@shop/contracts/types';
import { editorPaths } from '../editor/workspace/paths.js';
import { texts as statusTexts } from '../editor/ui/texts.js';
import { texts } from './texts.js';

export interface PreviewBannerModel {
  heading: string;
  status: string;
  /** "publiseres 28.11.2026 kl. 08:00" for scheduled content, else null. */
  when: string | null;
  editHref: string;
}

const osloDate = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' });
const osloTime = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "28.11.2026 kl. 08:00" in Oslo time. */
export function osloDateTime(iso: string): string {
  const at = new Date(iso);
  return `${osloDate.format(at)} kl. ${osloTime.format(at)}`;
}

export function previewBanner(type: ContentType, key: string | number, preview: ContentPreview): PreviewBannerModel {
  const when = preview.status === 'scheduled' && preview.published_at ? texts.scheduledFor(osloDateTime(preview.published_at)) : null;
  return {
    heading: preview.pending_changes ? texts.pendingChanges : preview.status === 'published' ? texts.published : texts.notPublished,
    status: statusTexts.status[preview.status],
    when,
    editHref: editorPaths.item(type, key),
  };
}

import type { ContentStatus } from '@shop/contracts/types';

/** Texts of the workspace's shared controls. */
export const texts = {
  status: { draft: 'Utkast', scheduled: 'Planlagt', published: 'Publisert', unpublished: 'Avpublisert' } satisfies Record<ContentStatus, string>,
  /** Beside "Publisert": saved changes shoppers do not see yet. */
  pendingChanges: 'Upubliserte endringer',
} as const;

import type { EditorSession } from '@shop/contracts/types';

/** What the workspace gives its non-content screens (categories, staff, audit). */
export interface SectionScreenProps {
  session: EditorSession;
}

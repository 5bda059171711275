/**
 * Text a shopper typed into the server's markup before its code ran (a slow phone: the checkout's fields are there
 * seconds before they are hydrated). React keeps that text in the field but not in state: a controlled field's next
 * render writes the state's value back, and the text is gone without a word (facebook/react#12955; React's own fix,
 * the `enableHydrationChangeEvent` flag, is off in its stable builds). So once a part of the page has hydrated, each
 * of its text fields whose text differs from what the server rendered is handed to React as an input event, as if
 * the shopper typed it now: the field's own onChange puts it in state, whatever model the remote keeps it in.
 *
 * Text fields only (inputs that take text, and textareas): a checkbox or radio clicked before hydration is the
 * browser's to keep or the page's to disable.
 */

type TextField = HTMLInputElement | HTMLTextAreaElement;
interface Typed {
  field: TextField;
  text: string;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password']);
/** Fields already looked at once React held them: a later look would take text typed after hydration for earlier. */
const looked = new WeakSet<TextField>();

/**
 * React watches a field it hydrated through its own `value` property on the element (its value tracker). A field
 * without one is not React's yet (its part of the page has not hydrated) or never will be: it waits for a later look.
 */
const heldByReact = (field: TextField) => Object.getOwnPropertyDescriptor(field, 'value')?.set !== undefined;

/** The hydrated text fields not looked at before whose text is not the server's (read now, before any re-render). */
export function typedBeforeHydration(root: ParentNode = document): Typed[] {
  const typed: Typed[] = [];
  for (const field of root.querySelectorAll<TextField>('input, textarea')) {
    if (field instanceof HTMLInputElement && !TEXT_INPUT_TYPES.has(field.type)) continue;
    if (looked.has(field) || !heldByReact(field)) continue;
    looked.add(field);
    if (field.value !== field.defaultValue) typed.push({ field, text: field.value });
  }
  return typed;
}

/**
 * Tells React about each field's typed text with an input event. React fires onChange only when the field's text
 * differs from what its tracker last saw, and the tracker took the typed text at hydration: so the tracker is first
 * set to React's own value (the field's default, which React keeps in step with a controlled value), then the text
 * is put back past it.
 */
export function handTypedTextToReact(typed: readonly Typed[]): void {
  for (const { field, text } of typed) {
    if (!field.isConnected || field.defaultValue === text) continue;
    const tracked = Object.getOwnPropertyDescriptor(field, 'value');
    const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value');
    if (!tracked?.set || !native?.set) continue;
    tracked.set.call(field, field.defaultValue);
    native.set.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * For a hydration commit's layout effect: reads the typed text at once (a re-render right after the commit would
 * write it over) and hands it to React after the commit, outside it, where its onChange can render.
 */
export function keepTextTypedBeforeHydration(root: ParentNode = document): void {
  const typed = typedBeforeHydration(root);
  if (typed.length > 0) queueMicrotask(() => handTypedTextToReact(typed));
}

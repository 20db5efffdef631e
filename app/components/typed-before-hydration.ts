// What a person types or picks before the page's scripts have run (docs/conventions.md, "Typed
// before the page has hydrated"). Every page is usable from its HTML, and React 18 keeps most of
// what was done then: an uncontrolled input, checkbox, radio button or select hydrates as it was
// left. Two things do not survive on their own, and this module covers both:
// - a textarea the server filled: hydration writes the server's text back over the person's edit
//   (React's textarea post-mount step), so edits are kept from the first script on and put back
//   once the page has hydrated;
// - state that follows a control (a cost line, a count): React tells no component of a change
//   made before hydration, so such state is read from the form once the page has hydrated
//   (`useFormReading`), and the control stays uncontrolled (a controlled one would be written
//   back to the state's value on the next render).
import { useEffect, useState, type Dispatch, type SetStateAction } from "react";

const typed = new Map<HTMLTextAreaElement, string>();
let watching = false;

function note(element: HTMLTextAreaElement): void {
  if (element.value === element.defaultValue) typed.delete(element);
  else typed.set(element, element.value);
}

function onInput(event: Event): void {
  if (event.target instanceof HTMLTextAreaElement) note(event.target);
}

/**
 * Before hydrateRoot (entry.client.tsx): every textarea already edited, and every edit made while
 * React hydrates, until `restoreTypedBeforeHydration`.
 */
export function keepTypedBeforeHydration(doc: Document = document): void {
  for (const element of doc.querySelectorAll("textarea")) note(element);
  doc.addEventListener("input", onInput, true);
  watching = true;
}

/**
 * Once the page has hydrated (the root's first effect): each kept edit goes back into its textarea,
 * followed by an input event so conform and the page's handlers take it as typed. It is written
 * through the prototype's setter: React follows a textarea's value through the element's own
 * setter, and only a value it has not seen makes it report the input event.
 */
export function restoreTypedBeforeHydration(doc: Document = document): void {
  if (!watching) return;
  watching = false;
  doc.removeEventListener("input", onInput, true);
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  for (const [element, value] of typed) {
    if (!setValue || !element.isConnected || element.value === value) continue;
    setValue.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  }
  typed.clear();
}

/**
 * State that follows uncontrolled controls of the form `formId`: `initial` as the server rendered
 * them, then `read` of the form once the page has hydrated, then what the component sets on each
 * change. Without a form of that id (not rendered), it stays `initial`.
 */
export function useFormReading<T>(formId: string, initial: T, read: (form: HTMLFormElement) => T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement) setValue(read(form));
    // Once, as the page hydrates (`read` is a new function each render): later changes come through the setter.
  }, [formId]);
  return [value, setValue];
}

/** What the form holds under `name`: a control's value, or the checked button's of a radio group. */
export function formValue(form: HTMLFormElement, name: string): string {
  const item = form.elements.namedItem(name);
  return item && "value" in item ? String(item.value) : "";
}

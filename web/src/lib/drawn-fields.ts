/**
 * What a visitor typed into a drawn page's fields before the app replaced the drawing (decision
 * 0054). A drawn page's text fields, boxes and lists take input from the first paint; when the
 * app draws the same screen in their place, this carries each field's value over to the app's
 * field of the same form and name, as if the visitor had typed it there, and gives the
 * focus, with its caret or selection, back to the field that had it.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const FIELDS = 'input, textarea, select';

/**
 * The key that finds a field's counterpart: its form's id and its name. Not its own id: ids made
 * by React's useId differ between the build's drawing and the app.
 */
function keyOf(field: Field): string | null {
  const name = field.getAttribute('name');
  return name ? `${field.form?.id ?? ''}\u0000${name}` : null;
}

function changed(field: Field): boolean {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

/** Sets a value the way typing does, so the app's own change handlers see it. */
function typeInto(field: Field, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

function carry(from: Field, to: Field): void {
  if (to instanceof HTMLInputElement && (to.type === 'checkbox' || to.type === 'radio')) {
    const checked = (from as HTMLInputElement).checked;
    // A click is what the app's handlers listen to for a box.
    if (to.checked !== checked && !to.disabled) to.click();
    return;
  }
  if (to.value !== from.value && !to.disabled && !(to as HTMLInputElement).readOnly) typeInto(to, from.value);
}

function selectionOf(field: Field): [number, number] | null {
  try {
    if ('selectionStart' in field && field.selectionStart !== null && field.selectionEnd !== null)
      return [field.selectionStart, field.selectionEnd];
  } catch {
    // Fields such as email or number have no selection to read.
  }
  return null;
}

/**
 * Starts watching the drawing inside `root`; call the function it returns once the app has
 * drawn its first screen there. Fields without a name are not carried (the drawing keeps
 * them read-only, web/src/prerender/page-shell.tsx).
 */
export function keepDrawnFields(root: HTMLElement): () => void {
  const drawn = [...root.querySelectorAll<Field>(FIELDS)].filter((field) => keyOf(field) !== null);
  const isDrawn = (target: EventTarget | null): target is Field => drawn.includes(target as Field);
  let focused: Field | null = isDrawn(document.activeElement) ? document.activeElement : null;
  let selection: [number, number] | null = focused ? selectionOf(focused) : null;
  // A removed field keeps its value and caret; the focus is the one thing to follow as it goes.
  const onFocusIn = (event: FocusEvent) => {
    focused = isDrawn(event.target) ? event.target : null;
  };
  const onSelect = () => {
    if (focused?.isConnected) selection = selectionOf(focused);
  };
  const watched = ['keyup', 'input', 'select', 'pointerup'] as const;
  document.addEventListener('focusin', onFocusIn, true);
  for (const type of watched) document.addEventListener(type, onSelect, true);

  return () => {
    document.removeEventListener('focusin', onFocusIn, true);
    for (const type of watched) document.removeEventListener(type, onSelect, true);
    const current = new Map<string, Field>();
    for (const field of root.querySelectorAll<Field>(FIELDS)) {
      const key = keyOf(field);
      if (key !== null && !current.has(key)) current.set(key, field);
    }
    for (const field of drawn) {
      const key = keyOf(field)!;
      const next = current.get(key);
      if (!next || next === field) continue;
      // Radios share a name: the checked one of the group is the one to carry.
      if (field instanceof HTMLInputElement && field.type === 'radio') {
        if (!field.checked || field.defaultChecked) continue;
        const twin = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
          (radio) => radio.name === field.name && radio.value === field.value && radio.form?.id === field.form?.id,
        );
        if (twin) carry(field, twin);
        continue;
      }
      if (changed(field)) carry(field, next);
    }
    if (focused && !focused.isConnected && document.activeElement === document.body) {
      const next = current.get(keyOf(focused)!);
      if (next) {
        next.focus({ preventScroll: true });
        if (selection && 'setSelectionRange' in next) {
          try {
            next.setSelectionRange(selection[0], selection[1]);
          } catch {
            // As above: no selection on this kind of field.
          }
        }
      }
    }
  };
}

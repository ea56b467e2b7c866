import { field, h, mount } from "../dom.js";

/** The message of a failed call, shown next to the control that made it. */
function errorSlot(): { el: HTMLElement; show: (err: unknown) => void } {
  const el = h("span", { class: "error-text", hidden: true });
  return {
    el,
    show: (err) => {
      el.textContent = (err as Error).message;
      el.hidden = false;
    },
  };
}

/**
 * "Rename": a button that turns into a one-field form (no dialogs: a page cannot be driven by a
 * stray `prompt`); `save` gets the new name and its error is shown beside the field.
 */
export function renameControl(
  what: string,
  current: string,
  save: (name: string) => Promise<void>,
): HTMLElement {
  const slot = h("span", { class: "manage rename" });
  const closed = () =>
    mount(
      slot,
      h(
        "button",
        { type: "button", class: "secondary small", name: `rename-${what}`, onclick: open },
        "Rename",
      ),
    );
  const open = () => {
    const input = h("input", { name: "new-name", value: current, required: true, maxlength: 200 });
    const error = errorSlot();
    mount(
      slot,
      h(
        "form",
        {
          class: "row inline-form",
          onsubmit: (e: Event) => {
            e.preventDefault();
            save(input.value.trim()).catch(error.show);
          },
        },
        field(`New ${what} name`, input),
        h("button", { type: "submit", class: "primary small" }, "Save"),
        h("button", { type: "button", class: "secondary small", onclick: closed }, "Cancel"),
        error.el,
      ),
    );
    input.focus();
  };
  closed();
  return slot;
}

/** "Delete": asks once more inline ("Delete X and everything in it?"), then calls `remove`. */
export function deleteControl(what: string, consequence: string, remove: () => Promise<void>): HTMLElement {
  const slot = h("span", { class: "manage delete" });
  const error = errorSlot();
  const closed = () =>
    mount(
      slot,
      h(
        "button",
        { type: "button", class: "danger small", name: `delete-${what}`, onclick: ask },
        `Delete ${what}`,
      ),
    );
  const ask = () =>
    mount(
      slot,
      h("span", { class: "confirm-text" }, consequence, " "),
      h(
        "button",
        {
          type: "button",
          class: "danger small",
          name: `confirm-delete-${what}`,
          onclick: () => void remove().catch(error.show),
        },
        "Yes, delete",
      ),
      h("button", { type: "button", class: "secondary small", onclick: closed }, "Keep it"),
      error.el,
    );
  closed();
  return slot;
}

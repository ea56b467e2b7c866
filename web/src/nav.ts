/** Asks the router to show another page (pages do not import the router, to keep imports one-way). */
export function go(href: string): void {
  window.dispatchEvent(new CustomEvent("plainwright:navigate", { detail: href }));
}

/** A short local time for lists. */
export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : "";
}

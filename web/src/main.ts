import { adoptTokenFromUrl, setToken, whenUnauthorized } from "./api.js";
import { field, h, mount } from "./dom.js";
import { boardPage, modulePage, projectPage } from "./pages/board.js";
import { inspectPage } from "./pages/inspect.js";
import { runPage } from "./pages/run.js";
import { testPage } from "./pages/test.js";

const app = document.getElementById("app") as HTMLElement;
const notice = document.getElementById("notice") as HTMLElement;

/** Each page gets an AbortSignal that fires when the user navigates away (closing its streams). */
type Page = (root: HTMLElement, params: string[], signal: AbortSignal) => void | Promise<void>;

const routes: [RegExp, Page][] = [
  [/^\/$/, boardPage],
  [/^\/projects\/([^/]+)$/, projectPage],
  [/^\/modules\/([^/]+)$/, modulePage],
  [/^\/tests\/([^/]+)$/, testPage],
  [/^\/runs\/([^/]+)$/, runPage],
  [/^\/inspect$/, inspectPage],
];

let current = new AbortController();

function render(): void {
  current.abort();
  current = new AbortController();
  const path = location.pathname;
  const route = routes.find(([re]) => re.test(path));
  if (!route) {
    mount(app, h("h1", {}, "Not found"), h("p", {}, h("a", { href: "/" }, "Back to the project board")));
    return;
  }
  const params = (route[0].exec(path) ?? []).slice(1).map(decodeURIComponent);
  mount(app);
  void Promise.resolve(route[1](app, params, current.signal)).catch((error: unknown) => {
    if (current.signal.aborted) return;
    app.appendChild(h("p", { class: "error-text" }, (error as Error).message));
  });
}

/** Moves to an in-app page without reloading. */
export function navigate(href: string): void {
  history.pushState(null, "", href);
  render();
}

document.addEventListener("click", (event) => {
  const link = (event.target as Element | null)?.closest("a");
  if (
    !link ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey
  )
    return;
  const href = link.getAttribute("href");
  if (!href?.startsWith("/") || href.startsWith("//") || link.target) return;
  event.preventDefault();
  navigate(href);
});
window.addEventListener("popstate", render);
/** Offers a sign-in link's token that would replace the one this browser has: the person decides. */
function offerToken(offered: string): void {
  const close = () => (notice.hidden = true);
  mount(
    notice,
    h(
      "div",
      { class: "row" },
      h(
        "p",
        {},
        "A link asks to replace this browser's API token. Replace it only if you opened a sign-in link of this server yourself.",
      ),
      h(
        "button",
        {
          type: "button",
          name: "replace-token",
          onclick: () => {
            setToken(offered);
            close();
            render();
          },
        },
        "Replace token",
      ),
      h("button", { type: "button", name: "keep-token", onclick: close }, "Keep mine"),
    ),
  );
  notice.hidden = false;
}

/** A sign-in link opened in a tab that already shows the app: its token taken, or offered. */
function tokenFromUrl(): void {
  const { adopted, offered } = adoptTokenFromUrl();
  if (adopted) {
    notice.hidden = true;
    render();
  } else if (offered !== undefined) offerToken(offered);
}

// A `#token=` sign-in link opened in a tab that already shows the app changes only the fragment.
window.addEventListener("hashchange", tokenFromUrl);
window.addEventListener("plainwright:navigate", (e) => navigate((e as CustomEvent<string>).detail));

whenUnauthorized(() => {
  const input = h("input", { type: "password", autocomplete: "off", name: "token" });
  mount(
    notice,
    h(
      "form",
      {
        class: "row",
        onsubmit: (e: Event) => {
          e.preventDefault();
          setToken(input.value.trim());
          notice.hidden = true;
          render();
        },
      },
      field("This server needs its API token (plainwright serve --token)", input),
      h("button", { type: "submit" }, "Use token"),
    ),
  );
  notice.hidden = false;
});

const fromLink = adoptTokenFromUrl();
render();
if (fromLink.offered !== undefined) offerToken(fromLink.offered);

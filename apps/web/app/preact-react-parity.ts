import { options, type VNode } from "preact";

/**
 * The browser build runs Preact in place of React DOM (build-tools/preact-in-browser.ts). Two
 * differences would break our pages, and are evened out here, in Preact's documented hooks.
 * Under React (dev server, unit tests) they are installed on an unused Preact and do nothing.
 */

type InternalVNode = VNode<Record<string, unknown>> & { ref?: unknown; __e?: Node | null };

/**
 * Ids that tie elements together: a label to its field, a dialog to its title, a field to its
 * error. useId gives different values in React's server render and in Preact, and Preact's
 * hydration keeps the server's attributes, so an element created later (a dialog's title, an
 * error message) would carry Preact's id while the element pointing to it kept the server's.
 * Once an element has been diffed, these attributes are made to say what the page rendered.
 */
const ID_ATTRIBUTES = ["id", "for", "htmlFor"];
const isIdAttribute = (name: string) => ID_ATTRIBUTES.includes(name) || name.startsWith("aria-");

function syncIdAttributes(vnode: InternalVNode) {
  const dom = vnode.__e;
  if (typeof vnode.type !== "string" || !(dom instanceof Element)) return;
  for (const [name, value] of Object.entries(vnode.props)) {
    if (!isIdAttribute(name) || (typeof value !== "string" && typeof value !== "number")) continue;
    const attribute = name === "htmlFor" ? "for" : name;
    const wanted = String(value);
    if (dom.getAttribute(attribute) !== wanted) dom.setAttribute(attribute, wanted);
  }
}

/**
 * React 19 hands a function component its `ref` as an ordinary prop, and our field components
 * rely on that (forms register their inputs through it, lib/use-schema-form.ts). Preact's compatibility layer
 * takes `ref` off function components unless they are wrapped in forwardRef, so it is moved
 * back into the props, as React 19 does. Class components keep theirs.
 */
function passRefAsProp(vnode: InternalVNode) {
  const type = vnode.type as unknown;
  if (typeof type !== "function" || vnode.ref == null) return;
  const isClass = Boolean((type as { prototype?: { render?: unknown } }).prototype?.render);
  if (isClass) return;
  vnode.props.ref = vnode.ref;
  vnode.ref = undefined;
}

const nextVNode = options.vnode;
options.vnode = (vnode) => {
  passRefAsProp(vnode as InternalVNode);
  nextVNode?.(vnode);
};

const nextDiffed = options.diffed;
options.diffed = (vnode) => {
  syncIdAttributes(vnode as InternalVNode);
  nextDiffed?.(vnode);
};

import { options, type VNode } from "preact";

/**
 * The browser build runs Preact in place of React DOM (build-tools/preact-in-browser.ts). Three
 * differences would break our pages, and are evened out here, in Preact's documented hooks.
 * Under React (the dev server) they are installed on an unused Preact and do nothing. The unit
 * tests run on Preact with this module installed (vitest.setup.ts).
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

/**
 * React gives a controlled field (one rendered with `value`) back its value after every input
 * event, so a handler that refuses a keystroke leaves the field as it was: the code field drops
 * a letter that way. Preact writes `value` only when it renders again, and a refused keystroke
 * renders nothing, so the letter would stay in the field and every digit typed after it would
 * be refused too. Once the input event has been handled and any render it caused is done, a
 * controlled field is given back the value its last render asked for.
 */
const renderedValues = new WeakMap<EventTarget, string>();

function rememberRenderedValue(vnode: InternalVNode) {
  const dom = vnode.__e;
  if ((vnode.type !== "input" && vnode.type !== "textarea") || !dom) return;
  const value = vnode.props.value;
  if (value == null) renderedValues.delete(dom);
  else renderedValues.set(dom, String(value));
}

function restoreRefusedInput(event: Event) {
  const field = event.target as HTMLInputElement | null;
  if (!field || !renderedValues.has(field)) return;
  // Preact renders what the handler asked for in a microtask queued before this one.
  queueMicrotask(() => {
    const wanted = renderedValues.get(field);
    if (wanted !== undefined && field.value !== wanted) field.value = wanted;
  });
}

if (typeof document !== "undefined") document.addEventListener("input", restoreRefusedInput);

const nextVNode = options.vnode;
options.vnode = (vnode) => {
  passRefAsProp(vnode as InternalVNode);
  nextVNode?.(vnode);
};

const nextDiffed = options.diffed;
options.diffed = (vnode) => {
  syncIdAttributes(vnode as InternalVNode);
  rememberRenderedValue(vnode as InternalVNode);
  nextDiffed?.(vnode);
};

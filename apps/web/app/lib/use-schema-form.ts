import { useRef, useState, type FormEvent } from "react";

/**
 * Forms checked with the contract's schemas, the same ones the server enforces.
 *
 * Inputs are uncontrolled: `register(name)` gives an input its name, a ref and a change
 * handler, and the values live beside the form, so a field that disappears (a step of a
 * two-step form, a box shown only for "Other") keeps what was typed when it comes back.
 * Nothing is checked while the player types a first time; submitting checks everything, shows
 * the first message of each field beside it and focuses the first field in error; from then on
 * a field is checked again as it changes, so a message goes away once the answer is right.
 *
 * The names and shapes (`register`, `handleSubmit`, `setError`, `formState.errors.x?.message`)
 * follow react-hook-form, which this replaces at a tenth of its weight on the phone.
 */

/** What a schema's safeParse answers: zod and zod/mini schemas fit. */
export interface FormSchema<Output> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

type FieldName<Values> = Extract<keyof Values, string>;
type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
export type FieldErrors<Values> = Partial<Record<FieldName<Values>, { message: string }>>;

export interface RegisterOptions {
  /** Called after the form has taken the new value, with the input's change event. */
  onChange?(event: { target: { value: string } }): void;
  /** Turns the input's text into the value the schema receives (an empty number box into undefined). */
  setValueAs?(value: string): unknown;
}

export type SetFormError<Values> = (
  name: FieldName<Values>,
  error: { message: string; type?: string },
  options?: { shouldFocus?: boolean },
) => void;

interface FormState<Values> {
  errors: FieldErrors<Values>;
  isSubmitting: boolean;
  isSubmitted: boolean;
}

/** The first message of each field of a failed check, keyed by the field's name. */
export function firstIssueByField<Values>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors<Values> {
  const errors: Record<string, { message: string }> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join(".");
    if (name && !errors[name]) errors[name] = { message: issue.message };
  }
  return errors as FieldErrors<Values>;
}

const isCheckbox = (element: FieldElement): element is HTMLInputElement =>
  element instanceof HTMLInputElement && element.type === "checkbox";

function writeToElement(element: FieldElement, value: unknown) {
  if (isCheckbox(element)) element.checked = value === true;
  else {
    const text = value === undefined || value === null ? "" : String(value);
    if (element.value !== text) element.value = text;
  }
}

function readElement(element: FieldElement, setValueAs?: (value: string) => unknown): unknown {
  if (isCheckbox(element)) return element.checked;
  return setValueAs ? setValueAs(element.value) : element.value;
}

export function useSchemaForm<Values extends object, Output = Values>({
  schema,
  defaultValues,
}: {
  schema: FormSchema<Output>;
  defaultValues: Partial<Values>;
}) {
  type Name = FieldName<Values>;
  const [state, setState] = useState<FormState<Values>>({ errors: {}, isSubmitting: false, isSubmitted: false });
  const [, setVersion] = useState(0);
  const latest = useRef({ schema, state, defaultValues });
  latest.current = { schema, state, defaultValues };

  // Built once: the functions keep their identity across renders, so effects may depend on them.
  const [form] = useState(() => {
    const values: Record<string, unknown> = { ...defaultValues };
    const elements = new Map<string, FieldElement>();
    const order: string[] = [];
    const options = new Map<string, RegisterOptions>();
    const handlers = new Map<
      string,
      { ref(element: FieldElement | null): void; onChange(event: { target: unknown }): void }
    >();
    const rerender = () => setVersion((version) => version + 1);
    const setErrors = (update: (errors: FieldErrors<Values>) => FieldErrors<Values>) =>
      setState((current) => ({ ...current, errors: update(current.errors) }));

    const focus = (name: string) => elements.get(name)?.focus();

    /** Checks the whole form again and updates only this field's message. */
    const recheck = (name: string) => {
      const result = latest.current.schema.safeParse(values);
      const message = result.success ? undefined : firstIssueByField<Values>(result.error.issues)[name as Name];
      setErrors((errors) => {
        const next = { ...errors };
        if (message) next[name as Name] = message;
        else delete next[name as Name];
        return next;
      });
    };

    const take = (name: string, value: unknown) => {
      values[name] = value;
      if (latest.current.state.isSubmitted) recheck(name);
      rerender();
    };

    const handlersOf = (name: string) => {
      let handler = handlers.get(name);
      if (!handler) {
        handler = {
          ref(element) {
            if (!element) {
              elements.delete(name);
              return;
            }
            elements.set(name, element);
            const setValueAs = options.get(name)?.setValueAs;
            const stored = values[name];
            // Text typed (or filled in by the browser) before the page's script ran is kept.
            if (!isCheckbox(element) && element.value !== "" && (stored === undefined || stored === "")) {
              values[name] = readElement(element, setValueAs);
              rerender();
              return;
            }
            writeToElement(element, stored);
            // The schema sees what the input holds, in the form it expects ("" may mean "not given").
            if (setValueAs) values[name] = readElement(element, setValueAs);
          },
          onChange(event) {
            take(name, readElement(event.target as FieldElement, options.get(name)?.setValueAs));
            options.get(name)?.onChange?.({ target: event.target as FieldElement });
          },
        };
        handlers.set(name, handler);
      }
      return handler;
    };

    return {
      register(name: Name, registerOptions: RegisterOptions = {}) {
        if (!order.includes(name)) order.push(name);
        options.set(name, registerOptions);
        const { ref, onChange } = handlersOf(name);
        return { name, ref, onChange };
      },

      /** `onInvalid` runs after a refused check, for a form that also says so above its fields. */
      handleSubmit(onValid: (values: Output) => unknown, onInvalid?: (errors: FieldErrors<Values>) => void) {
        return async (event?: FormEvent) => {
          event?.preventDefault();
          const result = latest.current.schema.safeParse(values);
          if (!result.success) {
            const errors = firstIssueByField<Values>(result.error.issues);
            setState((current) => ({ ...current, errors, isSubmitted: true }));
            const first = order.find((name) => errors[name as Name] && elements.has(name));
            if (first) focus(first);
            onInvalid?.(errors);
            return;
          }
          setState({ errors: {}, isSubmitting: true, isSubmitted: true });
          try {
            await onValid(result.data);
          } finally {
            setState((current) => ({ ...current, isSubmitting: false }));
          }
        };
      },

      setError: ((name, error, { shouldFocus = false } = {}) => {
        setErrors((errors) => ({ ...errors, [name]: { message: error.message } }));
        if (shouldFocus) focus(name);
      }) as SetFormError<Values>,

      getValues<K extends Name>(name: K): Values[K] {
        return values[name] as Values[K];
      },

      setValue<K extends Name>(name: K, value: Values[K], { shouldValidate = false } = {}) {
        values[name] = value;
        const element = elements.get(name);
        if (element) writeToElement(element, value);
        if (shouldValidate) recheck(name);
        rerender();
      },

      watch<K extends Name>(name: K): Values[K] {
        return values[name] as Values[K];
      },

      /** Back to the given values (or the defaults): inputs emptied, messages gone. */
      reset(next: Partial<Values> = latest.current.defaultValues) {
        for (const key of Object.keys(values)) delete values[key];
        Object.assign(values, next);
        for (const [name, element] of elements) writeToElement(element, values[name]);
        setState({ errors: {}, isSubmitting: false, isSubmitted: false });
        rerender();
      },
    };
  });

  return { ...form, formState: state };
}

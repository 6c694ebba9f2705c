// The architecture as a check. Besides the usual correctness rules, the import rules below say
// who may import whom; docs/architecture.md explains the shape they hold in place.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const WEB = "apps/web/app";

/**
 * Comments must stand on their own: the product spec, the design notes and the issue tracker
 * live outside the repository, so a newcomer could not open what such a comment points to.
 */
const noOutsideReferences = {
  meta: {
    type: "suggestion",
    schema: [],
    messages: { outside: "{{what}}: state the rule itself, or point to a file in this repository." },
  },
  create(context) {
    const OUTSIDE = /\b(SPEC\.md|DESIGN\.md|DEVELOPERS\.md|the spec(?:'s)? section|issue #?\d+|task \d+)\b/i;
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const found = OUTSIDE.exec(comment.value);
          if (found)
            context.report({
              loc: comment.loc,
              messageId: "outside",
              data: { what: `"${found[1]}" is outside the repository` },
            });
        }
      },
    };
  },
};
const SERVER = "apps/server/src";

/** Web features: each may use shared code (components, lib, the contract) but not another feature. */
const WEB_FEATURES = ["admin", "auth", "notifications", "profile", "scouts", "site", "talent", "uploads"];

/** The few feature-to-feature edges we allow: the profile form embeds the upload field. */
const WEB_FEATURE_EDGES = { profile: ["uploads"] };

const webFeatureZones = WEB_FEATURES.map((feature) => ({
  target: `./${WEB}/features/${feature}`,
  from: `./${WEB}/features`,
  except: [feature, ...(WEB_FEATURE_EDGES[feature] ?? [])].map((allowed) => `./${allowed}`),
  message: "A web feature imports only shared code (app/components, app/lib) and its own files, not another feature.",
}));

const webSharedZones = ["components", "lib"].map((shared) => ({
  target: `./${WEB}/${shared}`,
  from: [`./${WEB}/features`, `./${WEB}/routes`],
  message: "Shared web code (app/components, app/lib) must not depend on features or routes.",
}));

/**
 * Server domains in ranks: a domain imports only domains of a lower rank (and its own files),
 * so no two domains can ever depend on each other. app.ts, main.ts and the scripts sit on top.
 */
const SERVER_DOMAIN_RANKS = [
  ["db"],
  ["http", "sms", "email", "video"],
  ["jobs"],
  // Every domain that changes something someone must hear about tells them through notifications.
  ["notifications"],
  ["auth"],
  ["media"],
  ["players"],
  // The site's store keeps the contact messages and deletion requests that talent (a request
  // about a player) writes and admin (the staff inbox) reads and closes.
  ["site"],
  // Age checks: the documents players and guardians send; admin decides them (with its audit
  // log) and talent reads the verified fact.
  ["ages"],
  ["talent", "admin", "guardians"],
  // A coach who vouches: the player must be public (talent) to ask, and staff revoke with the
  // audit log (admin); talent reads the confirmations that stand.
  ["coaches"],
  // Scouts find players through the talent list and are verified through the audit log.
  ["scouts"],
  // Interest in players' profiles counts scouts' looks, lists and saved searches (talent's filters).
  ["interest"],
  // Evaluations: written by verified scouts (scouts) and coaches who confirmed the player
  // (coaches), removed by staff with the audit log (admin).
  ["evaluations"],
  ["health", "openapi", "web", "ops", "backup"],
  ["cli"],
];

const serverDomainZones = SERVER_DOMAIN_RANKS.flatMap((rank, index) => {
  const higherOrSame = SERVER_DOMAIN_RANKS.slice(index).flat();
  if (higherOrSame.length === 1) return [];
  return rank.map((domain) => ({
    target: `./${SERVER}/${domain}`,
    from: higherOrSame.filter((other) => other !== domain).map((other) => `./${SERVER}/${other}`),
    message: `Server domains depend downward only (ranks in eslint.config.js): ${domain} may not import this domain.`,
  }));
});

/**
 * Server layers, named by file: *routes.ts (HTTP in and out) -> *-service.ts (rules) ->
 * *-store.ts (SQL) -> db/. A lower layer never imports a higher one; only stores (and db/
 * itself) touch the schema.
 */
const serverZones = [
  {
    target: `./${SERVER}/**/*-store.ts`,
    from: [`./${SERVER}/**/*-service.ts`, `./${SERVER}/**/*routes.ts`],
    message: "A store (SQL) must not depend on services or routes: the server's layers point downward.",
  },
  {
    target: `./${SERVER}/**/*-service.ts`,
    from: `./${SERVER}/**/*routes.ts`,
    message: "A service must not depend on routes: the server's layers point downward.",
  },
  {
    target: `./${SERVER}/db`,
    from: `./${SERVER}`,
    except: ["./db", "./config.ts"],
    message: "db/ is the bottom layer: it must not depend on the domains above it.",
  },
  {
    target: `./${SERVER}/**/*routes.ts`,
    from: `./${SERVER}/db/schema`,
    message: "Routes do not query the database: put the statement in the domain's store.",
  },
  {
    target: "./packages/contract",
    from: "./apps",
    message: "The contract is shared by web and server and depends on neither.",
  },
  {
    target: `./${WEB}`,
    from: "./apps/server",
    message: "The web app never imports server code: what it needs comes through the load context.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/build/**",
      "**/dist/**",
      "**/.react-router/**",
      "**/coverage/**",
      "data/**",
      "bench/.tmp/**",
      "e2e/test-results/**",
      "e2e/playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    plugins: { "import-x": importX, local: { rules: { "no-outside-references": noOutsideReferences } } },
    settings: {
      // TypeScript files are read with the TypeScript parser when import-x follows an import
      // (no-cycle walks the whole graph), not only the file being linted.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts", ".cts"] },
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ["apps/*/tsconfig.json", "packages/*/tsconfig.json", "e2e/tsconfig.json"],
        }),
      ],
    },
    rules: {
      "local/no-outside-references": "error",
      "max-len": [
        "error",
        { code: 160, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      "import-x/no-duplicates": "error",
      "import-x/no-restricted-paths": [
        "error",
        { zones: [...webFeatureZones, ...webSharedZones, ...serverZones, ...serverDomainZones] },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-console": "off",
      // A comment must stand on its own: documents outside the repository can't be opened.
      "no-warning-comments": "off",
    },
  },
  {
    // Promises that nobody awaits lose their errors: in a server that means an unhandled
    // rejection, in a handler a failure the user never hears about.
    files: ["apps/**/*.{ts,tsx}", "packages/**/*.ts", "e2e/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    // A test may exercise a domain through the whole app (a request in, the stored rows out),
    // so tests are free of the domain ranks; the layers, the web zones and no-cycle still hold.
    files: [`${SERVER}/**/*.test.ts`],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...webFeatureZones, ...webSharedZones, ...serverZones] }],
    },
  },
  {
    // Test support lives in one place per app and only tests use it.
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/**/*.test.ts`, `${SERVER}/test/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/test/*"], message: "Only tests use the test support in src/test." }] },
      ],
    },
  },
  {
    // One owner per table (docs/decisions/0047-one-owner-per-table.md): only stores run SQL on
    // the tables, so only they import the schema. The exceptions: db/ itself (the client and
    // the migrations), and tests with their support, which set up and check rows directly.
    // This block repeats the test-support pattern above, as a later block's options replace it.
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/**/*-store.ts`, `${SERVER}/db/**`, `${SERVER}/**/*.test.ts`, `${SERVER}/test/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/test/*"], message: "Only tests use the test support in src/test." },
            {
              group: ["**/db/schema", "**/db/schema/*"],
              message:
                "Only a table's owning store (*-store.ts) imports db/schema: call that store's functions (owners: docs/decisions/0047-one-owner-per-table.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // The web app's test support (app/test) is for tests only, as the server's is.
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/**/*.test.{ts,tsx}`, `${WEB}/test/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["**/test/*"], message: "Only tests use the test support in app/test." }],
          // Pages load sonner only when a toast is first needed (lib/toast.ts).
          paths: [
            {
              name: "sonner",
              allowTypeImports: true,
              message: "Show toasts with lib/toast.ts and mount components/toast-host.tsx.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every API call goes through react-query (useQuery, or useApiMutation from lib/use-api-mutation.ts),
    // whose caches handle an ended session for all of them. apiFetch is the transport under
    // them: lib/ builds on it, and each feature's *-api.ts module names its endpoints with it
    // for those hooks to call. Anywhere else, calling or importing it bypasses that handling.
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/lib/**`, `${WEB}/features/*/*-api.ts`],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportSpecifier[imported.name='apiFetch']",
          message:
            "Call the API through useQuery or useApiMutation (lib/use-api-mutation.ts), with the endpoint named in the feature's *-api.ts module.",
        },
        {
          selector: "CallExpression[callee.name='apiFetch']",
          message:
            "Call the API through useQuery or useApiMutation (lib/use-api-mutation.ts), with the endpoint named in the feature's *-api.ts module.",
        },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // The service worker: a plain script the browser runs in its worker scope.
    files: ["apps/web/public/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["**/*.test.{ts,tsx,mjs}", "**/test/**", "e2e/**", "bench/**"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  prettier,
);

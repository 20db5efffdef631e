// ESLint: the recommended rules of JavaScript, TypeScript, React, hooks and accessibility, and the
// layer rules of docs/architecture.md ("What may import what") as lint rules, so an import that
// breaks a layer fails `npm run lint` in the editor and in `npm test` (ADR 029).
// Formatting is Prettier's job: eslint-config-prettier, last, turns off every rule it owns.
const path = require("node:path");
const js = require("@eslint/js");
const tseslint = require("typescript-eslint");
const react = require("eslint-plugin-react");
const reactHooks = require("eslint-plugin-react-hooks");
const jsxA11y = require("eslint-plugin-jsx-a11y");
const boundaries = require("eslint-plugin-boundaries");
const prettier = require("eslint-config-prettier");
const globals = require("globals");
const { defineConfig } = require("eslint/config");

// ── the layers ─────────────────────────────────────────────────────────────────────────────────
// Each folder is one element; a file belongs to the first descriptor whose folder holds it.
const LAYERS = ["domain", "engines", "services", "models", "adapters", "composition", "http", "routes", "components", "lib", "workers"];
const ELEMENTS = [
  ...LAYERS.map((layer) => ({ type: layer, pattern: `app/${layer}`, partialMatch: false })),
  { type: "app-entry", pattern: "app", partialMatch: false }, // root.tsx, entry.server.tsx, entry.client.tsx
  { type: "db", pattern: "db", partialMatch: false },
  { type: "server", pattern: "server", partialMatch: false },
  { type: "scripts", pattern: "scripts", partialMatch: false },
  { type: "test", pattern: "test", partialMatch: false },
  { type: "e2e", pattern: "e2e", partialMatch: false },
];
const APP_ELEMENTS = [...LAYERS, "app-entry"];

const layer = (...types) => ({ element: { types } });
const pkg = (...sources) => ({ module: { origin: "external", source: sources } });
const core = (...sources) => ({ module: { origin: "core", source: sources } });
/** The schema module of db/ (tables), as opposed to the migration runner and the seed loader. */
const DB_SCHEMA = { element: { type: "db", fileInternalPath: "schema.ts" } };
const SQL_PACKAGES = pkg("drizzle-orm", "@libsql/*", "libsql");
/** Modules that do I/O: the domain stays pure without them. */
const IO_CORE_NAMES = ["fs", "http", "https", "http2", "net", "tls", "dgram", "dns", "child_process", "worker_threads", "cluster"];
const IO_CORE = core(...IO_CORE_NAMES.flatMap((name) => [name, `node:${name}`]));
const IO_PACKAGES = pkg(
  "drizzle-orm",
  "@libsql/*",
  "libsql",
  "nodemailer",
  "resend",
  "openai",
  "@anthropic-ai/*",
  "@pinecone-database/*",
  "pino",
);

// Policies are read in order and the last one that matches an import decides (an `allow` after a
// `disallow` is an exception to it). What matches none is allowed: these are the "never imports"
// column of the table, each with the reason the message gives.
const LAYER_POLICIES = [
  {
    from: layer(...APP_ELEMENTS),
    disallow: { to: layer("scripts", "test", "e2e") },
    message: "app code does not import from scripts/, test/ or e2e/: move what both need into app/ (docs/architecture.md)",
  },
  {
    from: layer("domain"),
    disallow: {
      to: [
        layer("lib", "services", "models", "adapters", "engines", "workers", "routes", "http", "composition", "components", "db"),
        IO_CORE,
        IO_PACKAGES,
      ],
    },
    message:
      "app/domain is pure rules: no I/O module, database, lib, services, models, adapters, engines or workers (docs/architecture.md)",
  },
  {
    // nodemailer's MIME composer and encoders are pure functions (the MIME builder uses them);
    // its transports are the I/O, and they stay in app/adapters.
    from: layer("domain"),
    allow: {
      to: {
        module: { origin: "external", source: "nodemailer", internalPath: ["lib/mail-composer", "lib/base64", "lib/qp", "lib/mime-funcs"] },
      },
    },
  },
  {
    from: layer("routes"),
    disallow: { to: [layer("models", "db"), SQL_PACKAGES] },
    message: "routes reach data through services only: no model, no db/, no drizzle or libSQL (docs/architecture.md)",
  },
  {
    from: layer("http"),
    disallow: { to: [layer("models", "routes", "db"), SQL_PACKAGES] },
    message: "app/http reaches data through services only: no model, no route, no db/, no drizzle or libSQL (docs/architecture.md)",
  },
  {
    from: layer("services"),
    disallow: { to: layer("http", "routes") },
    message: "services know nothing of requests: no request helper (app/http) or route here (docs/architecture.md)",
  },
  {
    from: layer("lib"),
    disallow: { to: layer("models", "services", "routes", "engines", "adapters", "workers", "composition", "http", "components") },
    message: "app/lib holds leaf utilities and imports nothing above it (ADR 017)",
  },
  {
    from: layer("composition"),
    disallow: { to: layer("models", "services", "routes", "http", "components") },
    message: "app/composition picks adapters and engines and knows nothing of services, models, routes or requests (docs/architecture.md)",
  },
  {
    from: layer("services", "components", "composition"),
    disallow: { to: [DB_SCHEMA, SQL_PACKAGES] },
    message: "only app/models writes SQL: no db/schema, drizzle or libSQL here (docs/architecture.md)",
  },
  {
    // `import type { … } from "zod"` is erased at build time; anything else builds a schema here.
    from: layer("routes", "services"),
    disallow: { to: pkg("zod"), dependency: { kind: "value" } },
    message: "request schemas live in app/domain/requests: no route or service imports zod at run time (docs/architecture.md)",
  },
  {
    from: layer(...APP_ELEMENTS.filter((t) => t !== "adapters" && t !== "composition")),
    disallow: { to: layer("adapters") },
    message: "adapters are chosen only in app/composition: import the port (app/adapters/<port>/port.ts) (docs/architecture.md)",
  },
  {
    // A port is the interface everyone may import; the AMP validator has one implementation and
    // nothing to choose, so it is a library wrapper used directly (docs/architecture.md).
    from: layer(...APP_ELEMENTS),
    allow: { to: { element: { type: "adapters", fileInternalPath: ["*/port.ts", "amp-validator/official.server.ts"] } } },
  },
  {
    // The server reaches app code through the Remix build's entry module (one copy of every
    // module, ADR 016); types are erased and may be shared.
    from: layer("server"),
    disallow: { to: layer(...APP_ELEMENTS), dependency: { kind: "value" } },
    message: "server/ reaches app code only through the build's entry module, never by a run-time import (ADR 016)",
  },
];

// ── SQL and service results, by syntax ───────────────────────────────────────────────────────────
const NO_STATEMENTS = [
  {
    selector: "CallExpression[callee.property.name=/^(?:execute|batch|executeMultiple)$/]",
    message: "only app/models runs SQL statements (docs/architecture.md)",
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: "only app/models writes SQL (docs/architecture.md)" },
  {
    selector: "Property[key.name='sql'][value.type=/^(?:Literal|TemplateLiteral)$/]",
    message: "only app/models writes SQL (docs/architecture.md)",
  },
];
const OK_FALSE = ":matches(Property[key.name='ok'][value.value=false], Property[key.name='ok'][value.expression.value=false])"; // `ok: false`, `ok: false as const`
const ONE_FAILURE_TYPE = [
  {
    // `{ ok: true … } | { ok: false … }` written out, in a type, an interface or a signature
    // (picking a member of another module's union with Extract<…> is not declaring one).
    selector:
      "TSPropertySignature[key.name='ok'][typeAnnotation.typeAnnotation.literal.value=false]:not(TSTypeReference[typeName.name=/^(?:Extract|Exclude)$/] *)",
    message: "services answer ServiceResult<T> (./result): declare no result type with `ok: false` of your own (docs/conventions.md)",
  },
  {
    selector: `ObjectExpression:has(> ${OK_FALSE}):has(> Property[key.name='status'])`,
    message: "build a service failure with failure(status, error, …) from ./result, not as a literal (docs/conventions.md)",
  },
];

module.exports = defineConfig(
  {
    ignores: [
      // The Vite build's output (build/client, build/server, its start.js and freshness.js; test,
      // e2e and bench builds under .cache/), and the config Vite compiles beside vite.config.ts.
      "build/**",
      "vite.config.ts.timestamp-*",
      "public/**",
      ".cache/**",
      "artifacts/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "scripts/amp-rules/upstream/**", // the official validator's rule data, vendored as is
    ],
  },
  {
    linterOptions: {
      // A disable comment that no longer silences anything is an error, so exceptions come off
      // when the code they excused changes.
      reportUnusedDisableDirectives: "error",
    },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    rules: {
      // `_name` marks a parameter or binding kept for its position or its shape.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Heavy packages domain code loads at first use, not when the server starts (the NLP packages,
      // docs/generation.md; css-tree, docs/operations.md "Start-up time").
      "@typescript-eslint/no-require-imports": ["error", { allow: ["^chrono-node$", "^compromise/two$", "^css-tree$"] }],
      // Invisible and combining characters (U+034F) are listed one by one on purpose, to strip them.
      "no-misleading-character-class": "off",
    },
  },
  {
    // Test doubles stand in for vendor SDKs and request bodies of any shape.
    files: ["**/*.test.ts", "test/**/*.ts", "e2e/**/*.ts", "app/**/testing/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Remix's ambient types are referenced the way its template does.
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
  {
    files: ["**/*.cjs", "remix.config.js", "eslint.config.js"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Props are typed by TypeScript.
      "react/prop-types": "off",
      // Apostrophes and quotes in copy render as written; only `>` and `}` are likely typos.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
      // Focus moves to the field a failed submission names, or into a confirmation the user just
      // opened: never on an ordinary page load.
      "jsx-a11y/no-autofocus": "off",
      // A scrolling table sits in a labelled region that takes focus, so the keyboard can scroll it.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
      // Option cards put their text a few elements deep inside the label.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 4 }],
      // The two React Compiler checks below flag deliberate patterns, and the app is not compiled
      // with it: a ref written during render holds the latest callback for an interval
      // (use-poll.tsx), and a value only the browser knows is read in an effect after hydration, so
      // the server's HTML and the first client render match.
      "react-hooks/refs": "off",
      "react-hooks/set-state-in-effect": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts", "scripts/**/*.ts", "test/**/*.ts", "e2e/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/root-path": __dirname,
      "boundaries/elements": ELEMENTS,
      // The rules are about what production code imports: tests may reach anything they test with.
      "boundaries/ignore": ["**/*.test.ts", "**/*.test.tsx", "**/*.spec.ts"],
      "import/resolver": { [path.join(__dirname, "eslint.resolver.cjs")]: {} },
    },
    rules: {
      "boundaries/dependencies": ["error", { default: "allow", checkAllOrigins: true, policies: LAYER_POLICIES }],
    },
  },
  {
    files: [
      "app/services/**/*.ts",
      "app/routes/**/*.{ts,tsx}",
      "app/http/**/*.ts",
      "app/composition/**/*.ts",
      "app/components/**/*.{ts,tsx}",
    ],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...NO_STATEMENTS] },
  },
  {
    files: ["app/services/**/*.ts"],
    ignores: ["**/*.test.ts", "app/services/result.ts"],
    rules: { "no-restricted-syntax": ["error", ...NO_STATEMENTS, ...ONE_FAILURE_TYPE] },
  },
  {
    // Every page form is parsed through parsePageForm, which bounds the names posted (list indices,
    // nesting, repeats) before conform builds anything from them (docs/security.md, "Page forms").
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "app/domain/requests/page-form.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["@conform-to/zod", "@conform-to/zod/v3", "@conform-to/zod/v4"].map((name) => ({
            name,
            importNames: ["parseWithZod"],
            message: "parse a page form with parsePageForm (app/domain/requests/page-form.ts): it bounds the names posted first",
          })),
          patterns: [
            {
              group: ["@conform-to/dom", "@conform-to/dom/*", "@conform-to/react"],
              importNames: ["parse"],
              message: "parse a page form with parsePageForm (app/domain/requests/page-form.ts): it bounds the names posted first",
            },
          ],
        },
      ],
    },
  },
  prettier,
);

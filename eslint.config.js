// ESLint (flat config): typescript-eslint's recommended rules (without type information, so a run stays a few
// seconds), React's rules of hooks, import order, and the direction of imports between the top-level folders.
import { builtinRules } from "eslint/use-at-your-own-risk";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** ESLint's own recommended rules (what @eslint/js's `recommended` lists: the core rules marked recommended). */
const jsRecommended = { rules: Object.fromEntries([...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, "error"])) };

/** Who may import whom: the portal and the API meet only in contract/ and common/. */
const directions = [
  { target: "./api", from: "./app", message: "The API never imports the portal: move the shared rule to common/ (or contract/)." },
  { target: "./contract", from: "./app", message: "The contract never imports the portal: move the shared rule to common/." },
  { target: "./common", from: "./app", message: "common/ never imports the portal: it is what both sides share." },
  { target: "./app", from: "./api", message: "The portal never imports the API: it calls it over HTTP; shared rules live in common/ or contract/." },
  { target: "./common", from: ["./api", "./contract"], message: "common/ imports neither the API nor the contract." },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "node_modules/",
      ".cache/",
      ".data*/",
      ".*-build*/",
      "test-results/",
      ".test-results/",
      "playwright-report/",
      "api/db/migrations/",
    ],
  },
  jsRecommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      // The portal's modules run on the server and in the browser; the API, scripts and tests on Node.
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"], tsconfig: { configFile: "tsconfig.json" } })],
      "import-x/internal-regex": "^(#|~/)",
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/order": ["error", { groups: [["builtin", "external"], "internal", ["parent", "sibling", "index"]], "newlines-between": "never" }],
      "import-x/no-duplicates": "error",
      "import-x/first": "error",
      "import-x/no-restricted-paths": ["error", { zones: directions }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./\\.\\./", message: "Use an alias (#app/, #api/, #bench/, #common/, #contract/, #tests/) instead of climbing two folders." },
          ],
        },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "@typescript-eslint/no-import-type-side-effects": "error",
      // Off: the product strips and refuses control characters on purpose (search text, multipart fields).
      "no-control-regex": "off",
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    // A portal module renders on the server too, where the browser's `location` does not exist: a component reads the
    // address from Remix (`useLocation()`), or says `window.location` in code that runs only in the browser.
    files: ["app/**"],
    rules: {
      "no-restricted-globals": ["error", { name: "location", message: "Use useLocation() from Remix, or window.location in browser-only code." }],
    },
  },
  {
    files: ["tests/**"],
    rules: {
      // Off in tests: their helpers read arbitrary JSON answers, typed loosely on purpose.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // The unit and api projects run a worker's files in one module graph (isolate: false in vitest.config.ts): what one
    // file mocks, stubs or sets in process.env would reach the next. Settings go to createTestApi instead.
    files: ["tests/unit/**", "tests/api/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubEnv|stubGlobal)$/]",
          message: "These files share one module graph per worker: no module mocks or stubbed globals (see vitest.config.ts).",
        },
        {
          selector: "AssignmentExpression > MemberExpression.left[object.type='MemberExpression'][object.object.name='process'][object.property.name='env']",
          message: "These files share one module graph per worker: pass settings to createTestApi instead of setting process.env.",
        },
      ],
    },
  },
  {
    files: ["tests/e2e/**"],
    rules: {
      // Off: Playwright reads a test's fixtures from its first parameter, so a test that needs none destructures `{}`.
      "no-empty-pattern": "off",
    },
  },
);

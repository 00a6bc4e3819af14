import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import sources that mark a layer (imports are relative and carry their extension). */
const DB = "(^|/)db/";
const DOMAIN = "(^|/)domain/";
const ROUTES = "(^|/)routes/";
const COMPONENTS = "(^|/)components/";
const SERVER_MODULE = "\\.server(\\.tsx?)?$";
const FEATURES = "(^|/)features/";

/**
 * A feature's outside is its `index.ts` (what other code may call) and its `table.ts`
 * (its tables, for foreign keys and joins); browser-safe pieces another feature's page
 * renders go in its `ui.ts`. Everything else in the folder is its inside.
 */
const FEATURE_NAMES = readdirSync(`${import.meta.dirname}/app/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Sources (relative, from anywhere in feature `own`) reaching into another feature's inside. */
function otherFeaturesInsides(own) {
  const others = FEATURE_NAMES.filter((name) => name !== own).map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return `^(\\.\\./)+(features/)?(${others.join("|")})/(?!(index|table|ui)\\.tsx?$)`;
}

/** `forbidden`: import sources (regexes) refused with `message`, or [regex, own message] pairs. */
function layer(files, message, forbidden) {
  return {
    files: [files].flat().map((f) => `${f}/*.{ts,tsx}`),
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: forbidden.map((item) => (Array.isArray(item) ? { regex: item[0], message: item[1] } : { regex: item, message })) },
      ],
    },
  };
}

const NO_INNER_HTML = { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: "Render user text as React text; JSON-LD goes through app/components/ui/json-ld.tsx." };

/**
 * One contract at each edge (docs/conventions.md, "Forms"): what an action answers is typed
 * by route typegen from the action itself, so nothing casts it, on either side: no `as` on
 * `actionData`, `useActionData()` or a fetcher's `data`, no type argument other than
 * `typeof action` for `useActionData` / `useFetcher`, and no `as` on what `data()` answers
 * (`data<Answer>(...)` or `satisfies` check it instead; `as const` is fine).
 */
const CAST = "Action data is typed by route typegen from the action: check the answer with data<Answer>(...) or `satisfies`, read it with `in` / a discriminant, never cast it (docs/conventions.md, Forms).";
const NO_ACTION_DATA_CASTS = [
  { selector: "TSAsExpression[expression.type='Identifier'][expression.name='actionData']", message: CAST },
  { selector: "TSAsExpression[expression.type='MemberExpression'][expression.object.name='actionData']", message: CAST },
  { selector: "TSAsExpression[expression.type='CallExpression'][expression.callee.name=/^use(ActionData|FetcherData)$/]", message: CAST },
  { selector: "TSAsExpression[expression.type='MemberExpression'][expression.property.name='data'][expression.object.name=/fetcher$/i]", message: CAST },
  { selector: "TSAsExpression[expression.type='ChainExpression'][expression.expression.object.name=/^actionData$|fetcher$/i]", message: CAST },
  { selector: "CallExpression[callee.name=/^(useActionData|useFetcher)$/] > TSTypeParameterInstantiation > :not(TSTypeQuery)", message: CAST },
  { selector: "CallExpression[callee.name='data'] > TSAsExpression.arguments:not([typeAnnotation.typeName.name='const'])", message: CAST },
];

/**
 * One module for UK time and one for money (docs/decisions/276, 336): a function whose whole
 * body calls app/lib/uk-time.ts is a second name for it (import uk-time instead), and pence
 * are turned into pounds only by app/lib/money.ts (`formatPence`, `penceAsPounds`).
 */
const UK_TIME_CALL = "/^(uk[A-Z]\\w*|formatUk)$/";
const DELEGATE = "Import app/lib/uk-time.ts and call it by its own name: no second name for it (docs/decisions/336).";
const PENCE = "Money is integer pence: show it with formatPence / penceAsPounds from app/lib/money.ts, never by dividing by 100 (docs/decisions/336).";
const ONE_MODULE_EACH = [
  { selector: `:matches(Program, ExportNamedDeclaration) > FunctionDeclaration > BlockStatement[body.length=1] > ReturnStatement > CallExpression.argument[callee.name=${UK_TIME_CALL}]:not(:has(MemberExpression))`, message: DELEGATE },
  { selector: `ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > ArrowFunctionExpression > CallExpression.body[callee.name=${UK_TIME_CALL}]:not(:has(MemberExpression))`, message: DELEGATE },
  { selector: `ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > Identifier.init[name=${UK_TIME_CALL}]`, message: DELEGATE },
  { selector: "BinaryExpression[operator='/'][right.value=100]:matches([left.name=/[Pp]ence/], [left.property.name=/[Pp]ence/])", message: PENCE },
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "no-restricted-syntax": ["error", NO_INNER_HTML, ...NO_ACTION_DATA_CASTS],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/uk-time.ts", "app/lib/money.ts"],
    rules: { "no-restricted-syntax": ["error", NO_INNER_HTML, ...NO_ACTION_DATA_CASTS, ...ONE_MODULE_EACH] },
  },
  {
    // JSON-LD, and news bodies that the server has sanitised (the SafeHtml type).
    files: ["app/components/ui/json-ld.tsx", "app/components/site/rich-text.tsx"],
    rules: { "no-restricted-syntax": "off" },
  },

  // The layers (docs/conventions.md): routes -> domain -> db / storage / payments. Each
  // block lists what a layer must not import; a violation fails `npm run lint`.
  layer("app/routes/**", "Routes reach the database through the domain (app/domain), never app/db directly.", [DB]),
  layer("app/components/**", "Components run in the browser: no app/db and no *.server.ts modules (pass data from the route's loader); shared components know no feature.", [DB, SERVER_MODULE, FEATURES]),
  layer("app/db/**", "The database layer knows nothing of the domain, features, routes or components.", [DOMAIN, ROUTES, COMPONENTS, FEATURES]),
  layer("app/domain/**", "The domain takes plain input and returns results: it never imports routes or components.", [
    ROUTES,
    COMPONENTS,
    ["^(node:)?fs(/promises)?$", "Files go through the stores of app/storage (publicStore, privateStore), never node:fs."],
  ]),
  layer(["app/storage/**", "app/mail/**", "app/live/**", "app/auth/**"], "Infrastructure modules (auth primitives included) never import the domain, routes, components or features: they are below all of them.", [
    DOMAIN,
    ROUTES,
    COMPONENTS,
    FEATURES,
  ]),
  layer("app/lib/**", "Infrastructure modules never import routes, components or features.", [ROUTES, COMPONENTS, FEATURES]),
  // Feature folders (app/features/<name>/: one concept's tables, rules, screens and tests)
  // stand on the platform; the platform never imports a feature. The composition lists
  // (app/routes.ts, app/jobs/jobs.server.ts) name them. One block per folder: a later
  // block for the same files would replace an earlier one's list.
  ...FEATURE_NAMES.map((name) => ({
    ...layer(`app/features/${name}/**`, "A feature never imports the layered routes (app/routes): share through the platform or a feature's index.ts.", [
      ROUTES,
      [otherFeaturesInsides(name), "Another feature is reached through its index.ts (its tables through table.ts, browser pieces through ui.ts), never its inside: export what you need there."],
    ]),
    // Tests beside a feature's code set up data through any module, as tests/ do.
    ignores: ["app/**/*.test.{ts,tsx}"],
  })),
  {
    files: ["app/features/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ regex: ROUTES, message: "A feature's tests never import the layered routes (app/routes)." }] }] },
  },

  // Configuration comes from app/lib/config.server.ts (validated once), never process.env.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    // Tests beside a feature's code set the environment of the server they test, as tests/ do.
    ignores: ["app/lib/config.server.ts", "server/process-setup.ts", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration with config() from app/lib/config.server.ts (add the variable to its schema)." },
      ],
    },
  },
);

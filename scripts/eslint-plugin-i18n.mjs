// A local ESLint rule (eslint.config.js): no user-facing literal text in a component of a folder
// that has been converted to the message catalogue (src/lib/i18n). It reports
// - JSX text with a letter in it (`<Button>Save</Button>`),
// - a string (or template, or either branch of `a ? 'x' : 'y'` / `a || 'x'`) with a letter given as
//   JSX children or to an attribute people read or hear: aria-label, title, placeholder, alt, label,
//   loadingText, submitLabel, closeLabel, subtitle, helperText,
// - a string with a letter given to notify(kind, text).
// A message id (`menu.dashboard`, `route.not-found`) is not text. Text written by the user, or names
// that are not translated (the product's name, a language's own name), come from variables.
const LETTER = /\p{L}/u;
const MESSAGE_ID = /^[a-z][\w-]*(\.[\w-]+)+$/;
const ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'loadingText', 'submitLabel', 'closeLabel', 'subtitle', 'helperText']);

const isText = (s) => typeof s === 'string' && LETTER.test(s) && !MESSAGE_ID.test(s.trim());

/** The literal strings an expression may evaluate to, looking through ?: and || / ??. */
function literals(node) {
  if (!node) return [];
  if (node.type === 'Literal') return typeof node.value === 'string' ? [node] : [];
  if (node.type === 'TemplateLiteral') return node.quasis.some((q) => isText(q.value.cooked)) ? [node] : [];
  if (node.type === 'ConditionalExpression') return [...literals(node.consequent), ...literals(node.alternate)];
  if (node.type === 'LogicalExpression') return [...literals(node.left), ...literals(node.right)];
  return [];
}
const textOf = (n) => (n.type === 'Literal' ? n.value : n.quasis.map((q) => q.value.cooked).join('…'));

const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-facing text goes through the message catalogue (t(id)), not a literal.' },
    messages: { literal: 'User-facing text "{{text}}": add it to the catalogue (src/lib/i18n/en and ar) and use t(id). See src/lib/i18n/README.md.' },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: String(text).trim().slice(0, 60) } });
    const check = (expr) => {
      for (const lit of literals(expr)) if (isText(textOf(lit))) report(lit, textOf(lit));
    };
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXElement' || node.parent?.type === 'JSXFragment') check(node.expression);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === 'Literal') {
          if (isText(node.value.value)) report(node.value, node.value.value);
        } else if (node.value.type === 'JSXExpressionContainer') check(node.value.expression);
      },
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'notify' && node.arguments[1]) check(node.arguments[1]);
      },
    };
  },
};

export default { meta: { name: 'i18n-local' }, rules: { 'no-literal-text': noLiteralText } };

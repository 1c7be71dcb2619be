/**
 * @module The house rules a lint rule can check (STYLE.md "one owner per
 * table", issue 25's "one settings table"), as a local plugin in ESLint's
 * format, which oxlint loads (`jsPlugins` in .oxlintrc.json): each rule
 * reports one kind of node, and .oxlintrc.json decides where it applies,
 * so the allow-lists live in one place.
 */

/** Kysely's query-builder entry points: a call of one writes SQL. */
const BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto'])

/** Reports Kysely query builders and `sql` templates outside the files the config allows. */
const queriesInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: "A table's SQL lives in its repository module (STYLE.md: one owner per table)" },
    messages: {
      builder: '`.{{name}}(` builds a query: call the repository module that owns the table instead.',
      sql: '`sql` writes SQL: call the repository module that owns the table instead.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const { callee } = node
        if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && BUILDERS.has(callee.property.name))
          context.report({ node: callee.property, messageId: 'builder', data: { name: callee.property.name } })
        // sql.raw(…), sql.ref(…), sql.lit(…), sql.join(…)
        else if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'sql')
          context.report({ node: callee, messageId: 'sql' })
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type === 'Identifier' && node.tag.name === 'sql') context.report({ node: node.tag, messageId: 'sql' })
      },
    }
  },
}

/** Reports reads of the environment outside the files the config allows. */
const envInSettings = {
  meta: {
    type: 'problem',
    docs: { description: 'Settings are read once, from the settings table (server/settings.ts)' },
    messages: { env: 'Read settings from server/settings.ts, the one module that reads the environment.' },
    schema: [],
  },
  create(context) {
    return {
      MemberExpression(node) {
        const { object, property } = node
        if (object.type === 'Identifier' && object.name === 'process' && (property.name === 'env' || property.value === 'env'))
          context.report({ node, messageId: 'env' })
      },
      ImportDeclaration(node) {
        if (node.source.value !== 'node:process' && node.source.value !== 'process') return
        for (const specifier of node.specifiers)
          if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'env') context.report({ node: specifier, messageId: 'env' })
      },
    }
  },
}

export default {
  meta: { name: 'svc-house' },
  rules: { 'queries-in-repositories': queriesInRepositories, 'env-in-settings': envInSettings },
}

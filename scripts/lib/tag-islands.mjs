/**
 * Vite plugin (server build only): every component an island module exports is tagged as React's.
 *
 * Astro renders a framework component only after finding its renderer: untagged, it asks each renderer's
 * `check`, and @astrojs/react's check renders the component once through `renderToStaticMarkup` to see
 * whether it returns React elements, before rendering it for real. Every island on a page was rendered
 * twice: about a third of the React work of an uncached list page (decision 008). Astro reads
 * the tag `Symbol.for('astro:renderer')` first and skips the check. The client bundles are untouched.
 */
const ISLAND = /\/src\/islands\/[^?]*\.tsx$/;
const RENDERER = '@astrojs/react';

/** The local names of a module's exports whose exported name reads as a component (capitalised). */
export function componentExports(program) {
  const names = new Set();
  const add = (local, exported) => {
    if (/^[A-Z]/.test(exported ?? local)) names.add(local);
  };
  for (const node of program.body) {
    if (node.type === 'ExportNamedDeclaration') {
      const d = node.declaration;
      if (d?.type === 'FunctionDeclaration' && d.id) add(d.id.name);
      if (d?.type === 'VariableDeclaration')
        for (const v of d.declarations) if (v.id.type === 'Identifier') add(v.id.name);
      if (!node.source) for (const s of node.specifiers ?? []) add(s.local.name, s.exported.name ?? s.exported.value);
    }
    if (node.type === 'ExportDefaultDeclaration' && node.declaration?.id) add(node.declaration.id.name, 'Default');
  }
  return [...names];
}

export function tagIslands() {
  return {
    name: 'damabwa:tag-islands',
    apply: 'build',
    transform(code, id, options) {
      const ssr = options?.ssr ?? this.environment?.name === 'ssr';
      if (!ssr || !ISLAND.test(id)) return null;
      const names = componentExports(this.parse(code));
      if (names.length === 0) return null;
      const tags = names
        .map((n) => `if (typeof ${n} === 'function') ${n}[Symbol.for('astro:renderer')] = '${RENDERER}';`)
        .join('\n');
      return { code: `${code}\n${tags}\n`, map: null };
    },
  };
}

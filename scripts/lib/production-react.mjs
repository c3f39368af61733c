/**
 * Vite plugin (build only): the server bundle carries React's production build.
 *
 * React and react-dom choose their development or production build from `process.env.NODE_ENV` when
 * they are first loaded. Left external, they are loaded by the server at run time, where NODE_ENV is not
 * `production` in demo and test mode (and must not be: NODE_ENV=production means APP_ENV=production,
 * decision 014) — so every page was rendered by React's development build, about a fifth of a fresh
 * render's CPU (decision 008). Bundling them into the server build with NODE_ENV defined at build time
 * keeps only the production branch, whatever the environment the server later runs in.
 *
 * Every dependency that uses React is bundled with it (one copy of React, or hooks break): found from
 * the packages' own manifests, so a new React library needs no edit here. `astro dev` is untouched.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const REACT = ['react', 'react-dom', 'scheduler'];

/** React and every dependency of the app that depends on it (peer or direct). */
export function reactPackages(root = process.cwd()) {
  const require = createRequire(join(root, 'package.json'));
  const app = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const usesReact = (name) => {
    try {
      const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8'));
      const needs = { ...manifest.dependencies, ...manifest.peerDependencies };
      return REACT.some((r) => r in needs);
    } catch {
      return false; // a package that hides its manifest: left external
    }
  };
  const deps = Object.keys(app.dependencies ?? {}).filter((d) => !REACT.includes(d) && usesReact(d));
  return [...REACT, ...deps];
}

export function productionReact() {
  return {
    name: 'damabwa:production-react',
    apply: 'build',
    config() {
      return {
        ssr: { noExternal: reactPackages() },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      };
    },
  };
}

/** node-postgres' value serialisation (untyped in @types/pg): what it sends for each parameter. */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}

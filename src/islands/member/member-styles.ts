/**
 * The shared look of the member pages' islands (forms, fields, chips, pictures, status lines), one
 * object over its three CSS modules (kept under 400 lines each). Class names differ across the three,
 * and no selector of one names a class of another.
 */
import base from './member.module.css';
import extras from './member-extras.module.css';
import pictures from './member-pictures.module.css';

const styles: Readonly<Record<string, string>> = { ...base, ...pictures, ...extras };
export default styles;

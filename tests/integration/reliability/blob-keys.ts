/**
 * The only blob keys the Components store may be asked for: `<catalog uuid>/versions.json` or
 * `<catalog uuid>/(seed|vN).tsx`.
 */
import { catalogData } from "../../helpers/app.ts";

const ids = new Set((catalogData as { id: string }[]).map((e) => e.id));
const SHAPE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(versions\.json|seed\.tsx|v[1-9][0-9]{0,5}\.tsx)$/;

export const BLOB_KEY = {
  test(key: string) {
    const m = SHAPE.exec(key);
    return m !== null && ids.has(m[1]);
  },
};

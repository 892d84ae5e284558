/**
 * Netlify Function: validate_component's parsing and comparison, on Node, for the edge function,
 * whose isolate a cold first parse would take past its 50 ms of CPU (src/validate/validator.ts).
 * POST /.netlify/functions/validate; src/validate/function.ts has the request and the answer.
 */
import { serveValidation } from "../../src/validate/function.ts";

export default serveValidation;

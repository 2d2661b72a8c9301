// core's sign-in schema as a chunk of its own, which the sign-in page loads after it shows
// (login-page.tsx): zod stays off the first screen's critical path.
export { signInSchema } from '../core-forms';

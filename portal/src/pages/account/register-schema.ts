// core's registration schema as a chunk of its own, which the registration page loads after it
// shows (register-page.tsx): zod stays off the first screen's critical path, as on sign-in.
export { registerRequestSchema } from '../../core-forms';

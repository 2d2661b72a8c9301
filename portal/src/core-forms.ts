// Form schemas and their localised issues from @psc/core (DESIGN "Validation": one zod schema
// per form, shared with the API). Imported by pages only, never by the shell.
export { signInSchema, localizeIssues } from '@psc/core';

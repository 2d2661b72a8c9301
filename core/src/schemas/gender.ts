// spec §5 registration: the genders a candidate chooses from, in a module without zod so that a
// form can list them without loading the schemas (the portal's registration draws its choices
// before its schema arrives).
export const GENDERS = ['male', 'female', 'other'] as const;

export type Gender = (typeof GENDERS)[number];

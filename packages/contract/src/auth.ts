import { z } from 'zod';

// Texts are the specification's catalogue (§5), spelling corrected where the catalogue misspells.
export const authMessages = {
  invalidEmail: 'Enter a valid email address.',
  required: 'This field is required.',
  passwordLength: 'Password must be 6 or more characters long',
  passwordShape: 'Password must contain at least one special character and one capital letter.',
  firstNameLength: 'First Name must be 3 or more characters long.',
} as const;

const SPECIAL_CHARACTERS = /[!@#$%^&*(),.?":{}|<>]/;
const CAPITAL_LETTER = /\p{Lu}/u;

const email = z
  .string({ error: authMessages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { error: authMessages.invalidEmail })
  .pipe(z.email({ error: authMessages.invalidEmail }));

export const password1Schema = z
  .string({ error: authMessages.passwordLength })
  .min(6, { error: authMessages.passwordLength })
  .max(256, { error: 'Password must be at most 256 characters long' })
  .refine((p) => SPECIAL_CHARACTERS.test(p) && CAPITAL_LETTER.test(p), { error: authMessages.passwordShape });

export const registerRequest = z.object({
  email,
  password1: password1Schema,
  first_name: z
    .string({ error: authMessages.firstNameLength })
    .trim()
    .min(3, { error: authMessages.firstNameLength })
    .max(100, { error: 'First Name must be at most 100 characters long.' }),
  last_name: z
    .string()
    .trim()
    .max(100, { error: 'Last Name must be at most 100 characters long.' })
    .default(''),
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const loginRequest = z.object({
  username: email,
  password: z.string({ error: 'Password is required.' }).min(1, { error: 'Password is required.' }).max(256),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshRequest = z.object({ refresh_token: z.string().min(1).max(512) });
export const refreshResponse = tokenPair; // rotation: a new refresh token comes back with every access token

export const logoutRequest = z.object({ refresh_token: z.string().max(512).optional() });

export const googleLoginRequest = z.object({ credential: z.string().min(1).max(8192) });

export const authUser = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(['owner', 'user']),
  organisation_id: z.number(),
});
export type AuthUser = z.infer<typeof authUser>;
export const authCheckResponse = z.object({ user: authUser });

/** Settings the SPA reads at start-up: nothing secret. */
export const publicConfig = z.object({
  google_client_id: z.string().nullable(),
  demo_video_url: z.string().nullable(),
  whatsapp_driver: z.enum(['baileys', 'simulator']),
});
export type PublicConfig = z.infer<typeof publicConfig>;

import { z } from 'zod';

/** Every error the API sends has this shape. */
export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const successMessage = z.object({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessage>;

/**
 * Trims whitespace and invisible format characters (zero-width space, joiners, direction marks) from
 * both ends, so a name made only of them counts as empty. Inside a name they stay: a zero-width joiner
 * builds emoji such as 👩‍💻.
 */
export const trimInvisible = (text: string) => text.replace(/^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu, '');

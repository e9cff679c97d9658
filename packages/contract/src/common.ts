import { z } from 'zod';

/** Every error the API sends has this shape. */
export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const successMessage = z.object({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessage>;

import { z } from "zod";

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address.").max(254).email("Enter a valid e-mail address."),
  password: z.string().min(1, "Enter your password.").max(1000),
  company_uuid: z.string().uuid("Unknown company.").optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const companySummarySchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  needs_kyb: z.boolean(),
  kyb_status: z.object({ value: z.string() }),
  full_logo: z.string().nullable(),
  main_color: z.string().nullable(),
  company_icon: z.string().nullable(),
  is_internal: z.boolean(),
  is_small_business: z.boolean(),
  tenant_is_seg_parent: z.boolean(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const permissionRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** The logged-in user of the spec. */
export const meSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  profile_photo_path: z.string().nullable(),
  /** The PIN itself is never sent; this says whether one is set. */
  pin: z.null(),
  has_pin: z.boolean(),
  pin_is_allowed: z.boolean(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), permissions: z.array(permissionRefSchema) })),
  permissions: z.array(z.string()),
  company: companySummarySchema,
  benefitToken: z.string().nullable(),
  hasCedarPermission: z.boolean(),
  canMakePhoneCalls: z.boolean(),
  tenant: z.object({ tenant_group_parent_at: z.string().nullable() }),
});
export type Me = z.infer<typeof meSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: meSchema,
  tenant: z.object({ company: companySummarySchema }),
  is_front_end_user: z.boolean(),
  root_token: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const EMAIL_VERIFICATION_REQUIRED = "email-verification-required";

export const verificationRequiredSchema = z.object({
  message: z.literal(EMAIL_VERIFICATION_REQUIRED),
  verification_token: z.string(),
  email: z.string(),
});

/** POST /login answers either a full sign-in or the e-mail verification step. */
export const loginOutcomeSchema = z.union([verificationRequiredSchema, loginResponseSchema]);

export const verifyEmailBodySchema = z.object({
  verification_token: z.string().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail."),
});

export const resendVerificationBodySchema = z.object({ verification_token: z.string().min(1).max(200) });

export const PASSWORD_MIN_LENGTH = 12;

export const userSetupBodySchema = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`).max(200, "Use at most 200 characters."),
    password_confirmation: z.string().max(200),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: "The passwords do not match.",
    path: ["password_confirmation"],
  });

export const invitationSchema = z.object({
  data: z.object({
    uuid: z.string(),
    email: z.string(),
    name: z.string(),
    company: z.object({ uuid: z.string(), name: z.string() }),
  }),
});

export const featureSchema = z.object({
  data: z.object({ can_view_broker_portal_login_link: z.boolean(), can_make_phone_calls: z.boolean() }),
});

export const companyBrandingSchema = z.object({
  data: z.object({
    uuid: z.string(),
    name: z.string(),
    full_logo: z.string().nullable(),
    main_color: z.string().nullable(),
  }),
});

/** POST /login/forgot-password: the address to send a reset link to (answered the same whether it is known or not). */
export const forgotPasswordBodySchema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address.").max(254, "Enter a valid e-mail address.").email("Enter a valid e-mail address."),
  company_uuid: z.string().uuid("Unknown company.").optional(),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** POST /login/reset-password/{token}: the new password, typed twice (the same rules as setting one up). */
export const resetPasswordBodySchema = userSetupBodySchema;

/** The one answer to a reset request, whether the address belongs to an account or not. */
export const FORGOT_PASSWORD_SENT = "If an account uses that address, we have sent it a link to choose a new password. The link works once, within 60 minutes.";
export const RESET_LINK_INVALID = "This password reset link has expired or was already used. Ask for a new one.";
export const PASSWORD_RESET_DONE = "Your password has been changed. Sign in with your new password.";
export const PASSWORD_RESET_TTL_MINUTES = 60;

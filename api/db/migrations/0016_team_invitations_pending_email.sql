-- A user's pending team invitations in their own company, looked up at every sign-in (acceptTeamInvitations):
-- without it the lookup read every invitation ever sent, of every company.
CREATE INDEX "team_invitations_pending_email_idx" ON "team_invitations" USING btree ("tenant_id",lower("email")) WHERE "team_invitations"."cancelled_at" is null and "team_invitations"."accepted_at" is null;

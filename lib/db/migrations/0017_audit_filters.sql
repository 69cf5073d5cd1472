CREATE INDEX "audit_log_tenant_user" ON "audit_log" USING btree ("tenant_id","user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_tenant_email" ON "audit_log" USING btree ("tenant_id","user_email","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_tenant_action" ON "audit_log" USING btree ("tenant_id","action","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_tenant_at" ON "audit_log" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_failed" ON "audit_log" USING btree ("tenant_id","id" DESC NULLS FIRST) WHERE "audit_log"."result" <> 'ok';
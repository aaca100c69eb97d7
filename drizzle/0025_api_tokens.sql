ALTER TABLE "auth_tokens" ALTER COLUMN "last_used_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_user_name_unique" ON "auth_tokens" USING btree ("user_id","name");

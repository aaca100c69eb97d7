ALTER TABLE "users" ADD COLUMN "previous_login_at" timestamp with time zone;

-- API key scopes become per resource (`candidates:read`, `offers:write`, …; contract/api-keys.ts).
-- A key made before keeps what it could do: `read` becomes every resource's read scope; `write` also
-- the write scopes of the resources keys could write to then (not offers, which keys could not change).
UPDATE "api_keys" SET "scopes" = ARRAY['candidates:read','applications:read','recruitments:read','interviews:read','offers:read','onboarding:read','website:read','organisation:read','candidates:write','applications:write','recruitments:write','interviews:write','onboarding:write','organisation:write']::text[]
  WHERE 'write' = ANY("scopes");--> statement-breakpoint
UPDATE "api_keys" SET "scopes" = ARRAY['candidates:read','applications:read','recruitments:read','interviews:read','offers:read','onboarding:read','website:read','organisation:read']::text[]
  WHERE 'read' = ANY("scopes");

import { authRoute } from "@/lib/server/http/auth-route";

export { authRoute as GET, authRoute as POST };

import { authRoute } from "@/lib/server/auth/auth-route";

export { authRoute as GET, authRoute as POST };

// Redirects signed-out visitors of app pages to /signin. Nothing else: pages and API routes check
// roles and study membership themselves.
import { withAuth } from "next-auth/middleware";

export default withAuth({ pages: { signIn: "/signin" } });

export const config = { matcher: ["/", "/studies/:path*", "/annotate/:path*", "/admin/:path*"] };

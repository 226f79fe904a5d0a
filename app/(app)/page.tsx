import { redirect } from "next/navigation";
import { homePathFor } from "@/lib/domain/roles";
import { requirePageUser } from "@/lib/server/auth/page-guards";

export default async function HomePage() {
  const user = await requirePageUser();
  redirect(homePathFor(user.role));
}

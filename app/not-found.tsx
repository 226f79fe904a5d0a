import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-md px-6 py-24 text-center">
      <h1 className="text-xl font-semibold">Not found</h1>
      <p className="mt-2 text-sm text-stone-600">This page does not exist, or you do not have access to it.</p>
      <Link href="/" className="mt-6 inline-block text-sm font-medium underline">
        Go to your home page
      </Link>
    </main>
  );
}

export function meta() {
  return [{ title: "Touchline: live football scores, news and Zambian talent" }];
}

export default function Home() {
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold">Touchline</h1>
    </main>
  );
}

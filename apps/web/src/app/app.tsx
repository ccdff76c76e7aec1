/** The application shell. The map and the other screens arrive with their own features. */
export function App() {
  return (
    <main>
      <h1>WildAlert</h1>
      <p>Zgłoszenia dzikich zwierząt na mapie.</p>
    </main>
  );
}

// Placeholder so the test target builds before its first test lands; delete when tests exist.

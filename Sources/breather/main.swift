import BreatherApp

// The whole program is the BreatherApp library (tested in-process); this is only its entry.
Breather.main()

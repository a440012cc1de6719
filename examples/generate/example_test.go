package main

func Example() {
	main()
	// Output:
	// generated code in use: true
	// encoded size: 112 bytes
	// customer: Ada
	// items: 2 second: B-2 discount 0.1
	// status paid: true
}

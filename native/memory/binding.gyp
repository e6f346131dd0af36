{
  "targets": [
    {
      "target_name": "memory",
      "sources": ["memory.cc"]
    }
  ]
}

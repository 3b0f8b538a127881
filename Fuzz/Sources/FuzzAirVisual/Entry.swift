import FuzzSupport

/// libFuzzer's entry point: one input, never kept.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTargets.airVisual(UnsafeBufferPointer(start: data, count: size))
    return 0
}

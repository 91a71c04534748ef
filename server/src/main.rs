fn main() {
    println!("ddz-server");
}
